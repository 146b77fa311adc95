import { checkpointName, DEFAULT_PROJECTOR_NAME } from '@hyperhook/eventsourcing';
import { openSqliteStore, type StorePorts } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollingProjectionWaiter } from './pollingProjectionWaiter.js';

const HOUR = 3_600_000;
const TIMEOUT_MS = 5_000;

describe('pollingProjectionWaiter when the wall clock jumps (issue 32, point 3)', () => {
  let store: StorePorts;
  beforeEach(async () => {
    store = await openSqliteStore({ file: ':memory:' });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await store.close();
  });

  /** The store, with `onRead(n)` called at its n-th checkpoint read (one per poll). */
  const polled = (onRead: (n: number) => Promise<void> | void): Pick<StorePorts, 'checkpoints' | 'readStore'> => {
    let reads = 0;
    return {
      readStore: store.readStore,
      checkpoints: {
        get: async (name) => {
          reads += 1;
          await onRead(reads);
          return store.checkpoints.get(name);
        },
        set: (name, position) => store.checkpoints.set(name, position),
      },
    };
  };
  const reach = (position: number) => store.checkpoints.set(checkpointName(DEFAULT_PROJECTOR_NAME, 0), position);

  it('issue 32, point 3: given a projector that does not move and the wall clock set back an hour, when the timeout passes, then the wait fails (it is not held for the hour)', async () => {
    // given
    let elapsed = 0;
    const waiter = pollingProjectionWaiter(
      polled(async (n) => {
        if (n === 2) {
          vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - HOUR });
          elapsed += TIMEOUT_MS;
        }
        if (n === 50) await reach(7); // a wait still going here was held past its timeout
      }),
      1,
      () => elapsed,
    );
    // when / then
    await expect(waiter.waitFor(7, TIMEOUT_MS)).rejects.toThrow(`read models did not reach position 7 within ${TIMEOUT_MS} ms`);
  });

  it('issue 32, point 3: given the wall clock set forward an hour, when the projector reaches the position within the timeout, then the wait resolves (it does not fail early)', async () => {
    // given
    const waiter = pollingProjectionWaiter(
      polled(async (n) => {
        if (n === 2) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HOUR });
        if (n === 4) await reach(7);
      }),
      1,
      () => 0,
    );
    // when / then
    await expect(waiter.waitFor(7, TIMEOUT_MS)).resolves.toBeUndefined();
  });
});
