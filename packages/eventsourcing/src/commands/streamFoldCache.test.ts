import { DEFAULT_SETTINGS, settingsDecider, userStreamId, type UserEvent } from '@hyperhook/domain';
import { openSqliteStore, type EventStore, type ReadStreamOptions, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toNewEvent } from '../codec/eventCodec.js';
import { createStreamFoldCache } from './streamFoldCache.js';

let store: SqliteStore;
const stream = userStreamId('u-1');
const at = '2026-01-01T00:00:00.000Z';
const signedUp: UserEvent = { type: 'UserSignedUp', v: 1, data: { uid: 'u-1', email: 'a@example.com', passwordHash: null, at } };
const leverage = (n: number): UserEvent => ({
  type: 'SettingsUpdated',
  v: 1,
  data: { settings: { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, leverage: n } }, at },
});

/** The event store, with every readStream's options recorded. */
function recording(eventStore: EventStore): { eventStore: EventStore; reads: (ReadStreamOptions | undefined)[] } {
  const reads: (ReadStreamOptions | undefined)[] = [];
  return {
    reads,
    eventStore: new Proxy(eventStore, {
      get: (target, key) =>
        key === 'readStream'
          ? (id: string, options?: ReadStreamOptions) => {
              reads.push(options);
              return target.readStream(id, options);
            }
          : Reflect.get(target, key, target),
    }),
  };
}

beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
  await store.eventStore.append(stream, [toNewEvent(signedUp), toNewEvent(leverage(3))]);
});
afterEach(async () => {
  await store.close();
});

describe('createStreamFoldCache', () => {
  it('given a folded stream, when read again, then only the events after the cached version are fetched and folded in', async () => {
    const { eventStore, reads } = recording(store.eventStore);
    const cache = createStreamFoldCache(eventStore, settingsDecider);
    expect((await cache.get(stream)).settings.trading.leverage).toBe(3);
    expect((await cache.get(stream)).settings.trading.leverage).toBe(3);
    await store.eventStore.append(stream, [toNewEvent({ type: 'ReferralJoinClicked', v: 1, data: { at } }), toNewEvent(leverage(7))]);
    expect((await cache.get(stream)).settings.trading.leverage).toBe(7);
    expect(reads.map((r) => r?.fromVersion)).toEqual([0, 2, 2]);
    expect((await cache.get(stream)).settings.trading.leverage).toBe(7);
    expect(reads.at(-1)?.fromVersion).toBe(4);
  });

  it('given more streams than it keeps, when the oldest is read again, then it is folded from the start and still right', async () => {
    const { eventStore, reads } = recording(store.eventStore);
    const other = userStreamId('u-2');
    await store.eventStore.append(other, [toNewEvent({ ...signedUp, data: { ...signedUp.data, uid: 'u-2' } } as UserEvent), toNewEvent(leverage(9))]);
    const cache = createStreamFoldCache(eventStore, settingsDecider, { maxEntries: 1 });
    await cache.get(stream);
    expect((await cache.get(other)).settings.trading.leverage).toBe(9);
    expect((await cache.get(stream)).settings.trading.leverage).toBe(3);
    expect(reads.map((r) => r?.fromVersion)).toEqual([0, 0, 0]);
  });

  it('given a full cache, when a cached stream is read again, then it counts as recently used and another one is evicted', async () => {
    const { eventStore, reads } = recording(store.eventStore);
    const other = userStreamId('u-2');
    const third = userStreamId('u-3');
    for (const [id, uid] of [
      [other, 'u-2'],
      [third, 'u-3'],
    ] as const)
      await store.eventStore.append(id, [toNewEvent({ ...signedUp, data: { ...signedUp.data, uid } } as UserEvent)]);
    const cache = createStreamFoldCache(eventStore, settingsDecider, { maxEntries: 2 });
    await cache.get(stream);
    await cache.get(other);
    await cache.get(stream);
    await cache.get(third);
    await cache.get(stream);
    await cache.get(other);
    expect(reads.map((r) => r?.fromVersion)).toEqual([0, 0, 2, 0, 2, 0]);
  });

  it('given an unknown stream, then the initial state', async () => {
    expect(await createStreamFoldCache(store.eventStore, settingsDecider).get(userStreamId('nobody'))).toEqual(settingsDecider.initialState());
  });
});
