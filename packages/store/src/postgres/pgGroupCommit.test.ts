import { afterAll, describe, expect, it } from 'vitest';
import { openPgStore } from './openPgStore.js';
import { dropSchemas, freshSchemaName, TEST_DATABASE_URL } from './testing/testPostgres.js';

describe('PostgreSQL group commit', () => {
  const schemas: string[] = [];
  afterAll(() => dropSchemas(schemas));
  const open = async () => {
    const schema = freshSchemaName('gc');
    schemas.push(schema);
    return openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 2 });
  };

  it('given appends submitted together, one of which the database refuses after the checks passed, then only that one fails and the others are stored', async () => {
    const store = await open();
    // A NUL in a stream id passes the port's checks but PostgreSQL's text type refuses it: the
    // shared statements of the group fail, and each append is tried again on its own.
    const outcomes = await Promise.allSettled([
      store.eventStore.append('good-1', [{ type: 'Fine', data: {} }]),
      store.eventStore.append('bad\u0000stream', [{ type: 'Refused', data: {} }]),
      store.eventStore.append('good-2', [{ type: 'Fine', data: {} }]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.eventStore.readAll()).map((event) => [event.streamId, event.globalPosition])).toEqual([
      ['good-1', 1],
      ['good-2', 2],
    ]);
    await store.close();
  });

  it('given many appends to one stream submitted together with expected versions, then each sees the ones before it in the same group', async () => {
    const store = await open();
    const outcomes = await Promise.allSettled([
      store.eventStore.append('order-1', [{ type: 'A', data: {} }], { expectedVersion: 'no_stream' }),
      store.eventStore.append('order-1', [{ type: 'B', data: {} }], { expectedVersion: 0 }),
      store.eventStore.append('order-1', [{ type: 'C', data: {} }], { expectedVersion: 0 }),
      store.eventStore.append(
        'order-1',
        [
          { type: 'D', data: {} },
          { type: 'E', data: {} },
        ],
        { expectedVersion: 1 },
      ),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await store.eventStore.readStream('order-1')).map((event) => `${event.type}${event.streamVersion}@${event.globalPosition}`)).toEqual([
      'A0@1',
      'B1@2',
      'D2@3',
      'E3@4',
    ]);
    await store.close();
  });
});
