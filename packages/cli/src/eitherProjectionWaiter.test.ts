import { checkpointName, DEFAULT_PROJECTOR_NAME } from '@hyperhook/eventsourcing';
import { openSqliteStore, type StorePorts } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eitherProjectionWaiter } from './eitherProjectionWaiter.js';
import { pollingProjectionWaiter } from './pollingProjectionWaiter.js';
import { threadProjectionWaiter } from './threadProjectionWaiter.js';

describe('eitherProjectionWaiter: read-your-writes whether this process projects or stands by', () => {
  let store: StorePorts;
  let checkpointReads = 0;
  beforeEach(async () => {
    store = await openSqliteStore({ file: ':memory:' });
    checkpointReads = 0;
  });
  afterEach(async () => {
    await store.close();
  });

  const counted = (): Pick<StorePorts, 'checkpoints' | 'readStore'> => ({
    readStore: store.readStore,
    checkpoints: {
      get: (name) => {
        checkpointReads += 1;
        return store.checkpoints.get(name);
      },
      set: (name, position) => store.checkpoints.set(name, position),
    },
  });

  it('given a standby projector thread, when another process projects past the position, then it resolves from the shared checkpoint', async () => {
    const thread = threadProjectionWaiter();
    const waiter = eitherProjectionWaiter(thread, pollingProjectionWaiter(counted(), 5));
    setTimeout(() => void store.checkpoints.set(checkpointName(DEFAULT_PROJECTOR_NAME, 0), 7), 30);
    await expect(waiter.waitFor(7, 2_000)).resolves.toBeUndefined();
  });

  it('given the active projector thread, when it reaches the position, then it resolves at once and the polling stops', async () => {
    const thread = threadProjectionWaiter();
    const waiter = eitherProjectionWaiter(thread, pollingProjectionWaiter(counted(), 5));
    const waiting = waiter.waitFor(3, 2_000);
    setTimeout(() => thread.reached(3), 20);
    await waiting;
    const readsThen = checkpointReads;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(checkpointReads - readsThen).toBeLessThanOrEqual(1);
  });

  it('given neither reaching the position in time, then it fails saying the read models did not reach it', async () => {
    const waiter = eitherProjectionWaiter(threadProjectionWaiter(), pollingProjectionWaiter(counted(), 5));
    await expect(waiter.waitFor(9, 50)).rejects.toThrow('read models did not reach position 9 within 50 ms');
  });
});
