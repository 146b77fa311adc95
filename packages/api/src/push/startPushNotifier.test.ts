import { randomBytes } from 'node:crypto';
import { accountStreamId, signalStreamId, userStreamId, type AccountEvent, type SignalEvent, type UserEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { openSqliteStore, type EventStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { pushSubscriptionsOf } from './sendPushToUser.js';
import { PUSH_NOTIFIER_CHECKPOINT, startPushNotifier } from './startPushNotifier.js';
import { startLocalPushService } from './testing/localPushService.js';
import { createTestBrowser } from './testing/testBrowser.js';

let store: SqliteStore;
/** The local push service is on loopback: contacted only with private targets allowed. */
const loopbackAllowed = { allowPrivateTargets: true };
/** The approval tokens' key: these tests push no approval. */
const APPROVAL_KEY = randomBytes(32);
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
      key === 'readStream'
        ? (id: string, options?: Parameters<EventStore['readStream']>[1]) => (streamsRead.push(id), target.readStream(id, options))
        : Reflect.get(target, key, target),
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
      targets: loopbackAllowed,
      approvalKey: APPROVAL_KEY,
    });
    try {
      const owner = { userId: 'u-1' };
      await store.eventStore.append(signalStreamId('s-1'), [toNewEvent(received('s-1'), owner), toNewEvent(rejected, owner)]);
      const { lastPosition } = await store.eventStore.append(signalStreamId('s-2'), [toNewEvent(received('s-2')), toNewEvent(rejected)]);
      await vi.waitFor(() => expect(notifier.subscription.position).toBeGreaterThanOrEqual(lastPosition));
      expect(streamsRead).toEqual([userStreamId('u-1'), signalStreamId('s-2'), userStreamId('u-1')]);
    } finally {
      await notifier.stop();
    }
  });

  it('given batches that notify nobody, when they follow each other within the idle interval, then the checkpoint is saved for the first, left behind for the rest, and saved on stop', async () => {
    let now = 0;
    const notifier = await startPushNotifier({
      store,
      vapid: { publicKey: 'unused', privateKey: 'unused' },
      subject: 'mailto:ops@example.com',
      clock: () => new Date(at),
      subscriptions: pushSubscriptionsOf(store.eventStore),
      targets: loopbackAllowed,
      approvalKey: APPROVAL_KEY,
      idleCheckpointMs: 1_000,
      now: () => now,
    });
    const owner = { userId: 'u-1' };
    const first = await store.eventStore.append(signalStreamId('s-1'), [toNewEvent(received('s-1'), owner), toNewEvent(rejected, owner)]);
    await vi.waitFor(async () => expect(await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT)).toBe(first.lastPosition));
    now = 999;
    const second = await store.eventStore.append(signalStreamId('s-2'), [toNewEvent(received('s-2'), owner), toNewEvent(rejected, owner)]);
    await vi.waitFor(() => expect(notifier.subscription.position).toBe(second.lastPosition));
    expect(await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT)).toBe(first.lastPosition);
    now = 1_000;
    const third = await store.eventStore.append(signalStreamId('s-3'), [toNewEvent(received('s-3'), owner), toNewEvent(rejected, owner)]);
    await vi.waitFor(async () => expect(await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT)).toBe(third.lastPosition));
    const fourth = await store.eventStore.append(signalStreamId('s-4'), [toNewEvent(received('s-4'), owner), toNewEvent(rejected, owner)]);
    await vi.waitFor(() => expect(notifier.subscription.position).toBe(fourth.lastPosition));
    expect(await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT)).toBe(third.lastPosition);
    await notifier.stop();
    expect(await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT)).toBe(fourth.lastPosition);
  });

  it('given a batch that sends a push, when it is done, then the checkpoint is saved at once, so a restart does not send it again', async () => {
    const pushService = await startLocalPushService();
    let now = 0;
    const notifier = await startPushNotifier({
      store,
      vapid: webpush.generateVAPIDKeys(),
      subject: 'mailto:ops@example.com',
      clock: () => new Date(at),
      subscriptions: pushSubscriptionsOf(store.eventStore),
      targets: loopbackAllowed,
      approvalKey: APPROVAL_KEY,
      idleCheckpointMs: 60_000,
      now: () => now,
    });
    try {
      const owner = { userId: 'u-1' };
      const first = await store.eventStore.append(signalStreamId('s-1'), [toNewEvent(received('s-1'), owner), toNewEvent(rejected, owner)]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT)).toBe(first.lastPosition));
      await store.eventStore.append(userStreamId('u-1'), [
        toNewEvent({ type: 'PushSubscriptionAdded', v: 1, data: { endpoint: `${pushService.origin}/phone`, keys: createTestBrowser().keys, at } }, owner),
      ]);
      now = 10;
      const pushed = await store.eventStore.append(signalStreamId('s-2'), [toNewEvent(received('s-2'), owner), toNewEvent(rejected, owner)]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT)).toBe(pushed.lastPosition));
      expect(pushService.to('/phone')).toHaveLength(1);
    } finally {
      await notifier.stop();
      await pushService.close();
    }
  });

  it('issue 30, point 3: given web push on alert.failed only, when one signal is rejected, another fails and a position is liquidated, then only the failure is pushed, naming its strategy and reason', async () => {
    // given
    const pushService = await startLocalPushService();
    const browser = createTestBrowser();
    const owner = { userId: 'u-1' };
    const preferences: UserEvent = {
      type: 'NotificationPreferencesUpdated',
      v: 1,
      data: { webPush: { events: ['alert.failed'] }, silenceAlarms: [], dailySummary: null, at },
    };
    await store.eventStore.append(userStreamId('u-1'), [
      toNewEvent({ type: 'UserSignedUp', v: 1, data: { uid: 'u-1', email: 'a@example.com', passwordHash: null, at } }),
      toNewEvent({ type: 'PushSubscriptionAdded', v: 1, data: { endpoint: `${pushService.origin}/phone`, keys: browser.keys, at } }, owner),
      toNewEvent(preferences),
    ]);
    const notifier = await startPushNotifier({
      store,
      vapid: webpush.generateVAPIDKeys(),
      subject: 'mailto:ops@example.com',
      clock: () => new Date(at),
      subscriptions: pushSubscriptionsOf(store.eventStore),
      targets: loopbackAllowed,
      approvalKey: APPROVAL_KEY,
      idleCheckpointMs: 0,
    });
    try {
      // when
      const failed: SignalEvent = { type: 'SignalFailed', v: 1, data: { at, code: 'EXCHANGE_REJECTED', reason: 'Insufficient margin', transient: false } };
      const liquidation: AccountEvent = {
        type: 'FillRecorded',
        v: 1,
        data: { coin: 'ETH', px: '2950', sz: '1', side: 'A', time: at, oid: 1, tid: 1, closedPnl: '-300', fee: '1', dir: 'Liquidated Isolated Long' },
      };
      await store.eventStore.append(signalStreamId('s-r'), [toNewEvent(received('s-r'), owner), toNewEvent(rejected, owner)]);
      await store.eventStore.append(signalStreamId('s-f'), [toNewEvent(received('s-f'), owner), toNewEvent(failed, owner)]);
      const { lastPosition } = await store.eventStore.append(accountStreamId('u-1'), [toNewEvent(liquidation)]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(lastPosition));
      // then
      const pushed = pushService.to('/phone').map((push) => JSON.parse(browser.decrypt(push.body)) as { title: string; body: string; url: string });
      expect(pushed).toEqual([{ title: 'Alert failed', body: 'Main: Insufficient margin', tag: 'signal-s-f', url: '/dashboard?tab=logs&log=s-f' }]);
    } finally {
      await notifier.stop();
      await pushService.close();
    }
  });

  it('issue 30, point 3: given no choice made, when a position is liquidated, then it is pushed (the default web push events include the failures)', async () => {
    const pushService = await startLocalPushService();
    const browser = createTestBrowser();
    await store.eventStore.append(userStreamId('u-2'), [
      toNewEvent({ type: 'UserSignedUp', v: 1, data: { uid: 'u-2', email: 'b@example.com', passwordHash: null, at } }),
      toNewEvent({ type: 'PushSubscriptionAdded', v: 1, data: { endpoint: `${pushService.origin}/tablet`, keys: browser.keys, at } }),
    ]);
    const notifier = await startPushNotifier({
      store,
      vapid: webpush.generateVAPIDKeys(),
      subject: 'mailto:ops@example.com',
      clock: () => new Date(at),
      subscriptions: pushSubscriptionsOf(store.eventStore),
      targets: loopbackAllowed,
      approvalKey: APPROVAL_KEY,
      idleCheckpointMs: 0,
    });
    try {
      const liquidation: AccountEvent = {
        type: 'FillRecorded',
        v: 1,
        data: { coin: 'SOL', px: '140', sz: '3', side: 'B', time: at, oid: 2, tid: 2, closedPnl: '-42', fee: '0.2', dir: 'Liquidated Cross Short' },
      };
      const { lastPosition } = await store.eventStore.append(accountStreamId('u-2'), [toNewEvent(liquidation)]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(lastPosition));
      const pushed = pushService.to('/tablet').map((push) => JSON.parse(browser.decrypt(push.body)) as { title: string; url: string });
      expect(pushed).toMatchObject([{ title: 'SOL position liquidated', url: '/dashboard?tab=positions' }]);
    } finally {
      await notifier.stop();
      await pushService.close();
    }
  });
});
