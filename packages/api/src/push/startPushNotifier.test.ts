import { signalStreamId, userStreamId, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { openSqliteStore, type EventStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushSubscriptionsOf } from './sendPushToUser.js';
import { PUSH_NOTIFIER_CHECKPOINT, startPushNotifier } from './startPushNotifier.js';

let store: SqliteStore;
const at = '2026-01-01T00:00:00.000Z';
const received = (signalId: string): SignalEvent => ({
  type: 'SignalReceived',
  v: 1,
  data: { signalId, userId: 'u-1', receivedAt: at, rawBody: '{}', alert: null, rejection: { code: 'INVALID_JSON', message: 'Invalid JSON' } },
});
const rejected: SignalEvent = { type: 'SignalRejected', v: 1, data: { at, code: 'INVALID_JSON', reason: 'Invalid JSON' } };

/** The event store, with the id of every stream read recorded in order. */
function recordingReads(eventStore: EventStore): { eventStore: EventStore; streamsRead: string[] } {
  const streamsRead: string[] = [];
  const recording = new Proxy(eventStore, {
    get: (target, key) =>
      key === 'readStream' ? (id: string, options?: Parameters<EventStore['readStream']>[1]) => (streamsRead.push(id), target.readStream(id, options)) : Reflect.get(target, key, target),
  });
  return { eventStore: recording, streamsRead };
}

beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
});
afterEach(async () => {
  await store.close();
});

describe('push notifier', () => {
  it('given outcomes of a user without push subscriptions, when their owner is in the metadata, then the signal stream is not read; without it, the notifier reads the signal to find the owner', async () => {
    const { eventStore, streamsRead } = recordingReads(store.eventStore);
    const notifier = await startPushNotifier({
      store: { eventStore, checkpoints: store.checkpoints },
      vapid: { publicKey: 'unused', privateKey: 'unused' },
      subject: 'mailto:ops@example.com',
      clock: () => new Date(at),
      subscriptions: pushSubscriptionsOf(eventStore),
    });
    try {
      const owner = { userId: 'u-1' };
      await store.eventStore.append(signalStreamId('s-1'), [toNewEvent(received('s-1'), owner), toNewEvent(rejected, owner)]);
      const { lastPosition } = await store.eventStore.append(signalStreamId('s-2'), [toNewEvent(received('s-2')), toNewEvent(rejected)]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(lastPosition));
      expect(streamsRead).toEqual([userStreamId('u-1'), signalStreamId('s-2'), userStreamId('u-1')]);
    } finally {
      await notifier.stop();
    }
  });
});
