import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareAppendCommands } from '../guards/prepareAppendCommands.js';
import { appendKurrentStream, appendKurrentStreams } from './kurrentAppend.js';
import { kurrentStreamNames } from './kurrentStreamNames.js';

// What the adapter refuses before anything is sent: checked with a real client whose server does
// not exist, so a request that got through would fail with Unavailable instead.
const client = KurrentDBClient.connectionString('kurrentdb://127.0.0.1:1?tls=false');
afterAll(() => client.dispose());
const names = kurrentStreamNames(undefined);

describe('KurrentDB appends: what the server would refuse or hide is refused first, naming why', () => {
  it('given an event type starting with $ (KurrentDB reserves them; it would be written and never read back), then the append is refused', async () => {
    const [command] = prepareAppendCommands([{ streamId: 'order-1', events: [{ type: '$metadata', data: {} }] }]);
    await expect(appendKurrentStream(client, names, command!)).rejects.toThrow(
      'event type "$metadata" starts with $, which KurrentDB reserves for its own events',
    );
  });

  it('given a multi-stream append that names one stream twice, even in another case, then it is refused saying which', async () => {
    const commands = prepareAppendCommands([
      { streamId: 'order-1', events: [{ type: 'Placed', data: {} }] },
      { streamId: 'Order-1', events: [{ type: 'Filled', data: {} }] },
    ]);
    await expect(appendKurrentStreams(client, names, commands)).rejects.toThrow('appendMultiStream names stream "Order-1" more than once');
  });

  it('given distinct streams and ordinary types, then the request goes to the server (here: none answers)', async () => {
    const commands = prepareAppendCommands([
      { streamId: 'order-1', events: [{ type: 'Placed', data: {} }] },
      { streamId: 'claim-1', events: [{ type: 'Claimed', data: {} }] },
    ]);
    await expect(appendKurrentStreams(client, names, commands)).rejects.not.toBeInstanceOf(TypeError);
  });
});
