import { randomBytes } from 'node:crypto';
import {
  accountStreamId,
  signalStreamId,
  userStreamId,
  type AccountEvent,
  type SignalEvent,
  type StoredNotificationChannel,
  type UserEvent,
} from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { createSealer } from '@hyperhook/secrets';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeliveryLog } from './deliveryLog.js';
import { createDeliveryQueue } from './deliveryQueue.js';
import { CHANNEL_NOTIFIER_CHECKPOINT, startChannelNotifier } from './startChannelNotifier.js';
import { startLocalReceiver } from './testing/localReceiver.js';
import { recordingQueue } from './testing/recordingQueue.js';

const at = '2026-01-01T00:00:00.000Z';
let store: SqliteStore;
beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
});
afterEach(async () => {
  await store.close();
});

const received = (signalId: string, userId: string): SignalEvent => ({
  type: 'SignalReceived',
  v: 1,
  data: {
    signalId,
    userId,
    receivedAt: at,
    rawBody: '{}',
    alert: { symbol: 'BTCUSDT', coin: 'BTC', action: 'sell', orderType: 'market', size: 50, leverage: 1 },
    rejection: null,
  },
});
const failed: SignalEvent = {
  type: 'SignalFailed',
  v: 1,
  data: { at, code: 'EXCHANGE_REJECTED', reason: 'Order would immediately trigger', transient: false },
};
const executed: SignalEvent = { type: 'SignalExecuted', v: 1, data: { acknowledgedAt: at, status: 'filled', avgPx: '61000' } };

describe('channel notifier (issue 30, point 3)', () => {
  it('given outcomes before the first start and a user with a Telegram channel on alert.failed only, when signals then fail and execute, then only the new failure is handed over, opened, naming the first strategy', async () => {
    // given
    const sealer = createSealer({ masterKey: randomBytes(32), keyStore: store.keyStore, purpose: 'notifications' });
    const signedUp: UserEvent = { type: 'UserSignedUp', v: 1, data: { uid: 'u-1', email: 'a@example.com', passwordHash: null, at } };
    const channels: UserEvent = {
      type: 'NotificationChannelsUpdated',
      v: 1,
      data: {
        channels: [{ id: 'tg', type: 'telegram', target: '-1001', sealedBotToken: await sealer.seal('u-1', '1234:token'), events: ['alert.failed'] }],
        at,
      },
    };
    await store.eventStore.append(userStreamId('u-1'), [toNewEvent(signedUp), toNewEvent(channels)]);
    const owner = { userId: 'u-1' };
    await store.eventStore.append(signalStreamId('old'), [toNewEvent(received('old', 'u-1'), owner), toNewEvent(failed, owner)]);
    const { queue, handed } = recordingQueue();
    const notifier = await startChannelNotifier({ store, sealer, queue, publicUrl: 'https://hh.test', idleCheckpointMs: 0 });
    try {
      // when
      await store.eventStore.append(signalStreamId('s-1'), [toNewEvent(received('s-1', 'u-1'), owner), toNewEvent(failed, owner)]);
      const { lastPosition } = await store.eventStore.append(signalStreamId('s-2'), [toNewEvent(received('s-2', 'u-1'), owner), toNewEvent(executed, owner)]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(lastPosition));
      // then
      expect(handed).toHaveLength(1);
      expect(handed[0]?.channel).toEqual({ id: 'tg', type: 'telegram', chatId: '-1001', botToken: '1234:token' });
      expect(handed[0]?.notice).toMatchObject({
        event: 'alert.failed',
        title: 'SELL BTC failed',
        strategy: { id: 'main', name: 'Main' },
        symbol: 'BTC',
        reason: 'Order would immediately trigger',
        url: 'https://hh.test/dashboard?tab=logs&log=s-1',
      });
    } finally {
      await notifier.stop();
    }
  });

  it('issue 32, point 2: given a flood refused by the rate limit, then no notice per logged refusal, and one notice for the refusals counted past the ceiling, with how many and why', async () => {
    // given
    const sealer = createSealer({ masterKey: randomBytes(32), keyStore: store.keyStore, purpose: 'notifications' });
    const signedUp: UserEvent = { type: 'UserSignedUp', v: 1, data: { uid: 'u-1', email: 'a@example.com', passwordHash: null, at } };
    const channels: UserEvent = {
      type: 'NotificationChannelsUpdated',
      v: 1,
      data: {
        channels: [{ id: 'tg', type: 'telegram', target: '-1001', sealedBotToken: await sealer.seal('u-1', '1234:token'), events: ['alert.rejected'] }],
        at,
      },
    };
    await store.eventStore.append(userStreamId('u-1'), [toNewEvent(signedUp), toNewEvent(channels)]);
    const { queue, handed } = recordingQueue();
    const notifier = await startChannelNotifier({ store, sealer, queue, publicUrl: 'https://hh.test', idleCheckpointMs: 0 });
    try {
      // when
      const owner = { userId: 'u-1' };
      const limited: SignalEvent = {
        type: 'SignalReceived',
        v: 1,
        data: {
          signalId: 'r-1',
          userId: 'u-1',
          receivedAt: at,
          rawBody: '{}',
          alert: null,
          rejection: { code: 'RATE_LIMITED', message: 'Rate limited: 60 alerts a minute for this URL (60 at once).' },
        },
      };
      const rejected: SignalEvent = {
        type: 'SignalRejected',
        v: 1,
        data: { at, code: 'RATE_LIMITED', reason: 'Rate limited: 60 alerts a minute for this URL (60 at once).' },
      };
      await store.eventStore.append(signalStreamId('r-1'), [toNewEvent(limited, owner), toNewEvent(rejected, owner)]);
      const counted: AccountEvent = { type: 'AlertsRefused', v: 1, data: { reason: 'rateLimited', count: 312, from: at, to: '2026-01-01T00:01:00.000Z' } };
      const { lastPosition } = await store.eventStore.append(accountStreamId('u-1'), [toNewEvent(counted)]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(lastPosition));
      // then
      expect(handed.map(({ notice }) => notice)).toEqual([
        expect.objectContaining({
          event: 'alert.rejected',
          title: '312 alerts refused by this URL’s rate limit',
          strategy: { id: 'main', name: null },
          url: 'https://hh.test/dashboard?tab=logs',
          reason: expect.stringContaining('312 between 2026-01-01T00:00:00.000Z and 2026-01-01T00:01:00.000Z'),
        }),
      ]);
    } finally {
      await notifier.stop();
    }
  });

  it('given a user without channels, when a signal of theirs fails, then nothing is handed over and the signal stream is not read', async () => {
    // (idleCheckpointMs 0: the checkpoint is saved after every batch, so the test can wait on it)
    const sealer = createSealer({ masterKey: randomBytes(32), keyStore: store.keyStore, purpose: 'notifications' });
    const { queue, handed } = recordingQueue();
    const reads: string[] = [];
    const eventStore = new Proxy(store.eventStore, {
      get: (target, key) =>
        key === 'readStream' ? (id: string, options?: object) => (reads.push(id), target.readStream(id, options)) : Reflect.get(target, key, target),
    });
    const notifier = await startChannelNotifier({
      store: { eventStore, checkpoints: store.checkpoints },
      sealer,
      queue,
      publicUrl: 'https://hh.test',
      idleCheckpointMs: 0,
    });
    try {
      const owner = { userId: 'u-9' };
      const { lastPosition } = await store.eventStore.append(signalStreamId('s-9'), [toNewEvent(received('s-9', 'u-9'), owner), toNewEvent(failed, owner)]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(lastPosition));
      expect(handed).toEqual([]);
      expect(reads).toEqual([userStreamId('u-9')]);
    } finally {
      await notifier.stop();
    }
  });
});

describe('channel notifier, events worth a notice (issue 30, point 3)', () => {
  /** A user with a Telegram channel on `tgEvents` and a Discord channel on `discordEvents`. */
  async function userWithChannels(uid: string, tgEvents: StoredNotificationChannel['events'], discordEvents: StoredNotificationChannel['events']) {
    const sealer = createSealer({ masterKey: randomBytes(32), keyStore: store.keyStore, purpose: 'notifications' });
    const signedUp: UserEvent = { type: 'UserSignedUp', v: 1, data: { uid, email: `${uid}@example.com`, passwordHash: null, at } };
    const channels: UserEvent = {
      type: 'NotificationChannelsUpdated',
      v: 1,
      data: {
        channels: [
          { id: 'tg', type: 'telegram', target: '-1001', sealedBotToken: await sealer.seal(uid, '1234:token'), events: tgEvents },
          {
            id: 'dc',
            type: 'discord',
            target: 'https://discord.com/api/webhooks/1/…',
            sealedUrl: await sealer.seal(uid, 'https://discord.com/api/webhooks/1/x'),
            events: discordEvents,
          },
        ],
        at,
      },
    };
    await store.eventStore.append(userStreamId(uid), [toNewEvent(signedUp), toNewEvent(channels)]);
    return sealer;
  }

  it('issue 30, point 3: given Telegram on keys.rejected and Discord on alert.failed, when a signal fails because the venue refuses the API wallet, then Telegram gets keys.rejected and Discord alert.failed, one message each', async () => {
    // given
    const sealer = await userWithChannels('u-k', ['keys.rejected', 'alert.failed'], ['alert.failed']);
    const { queue, handed } = recordingQueue();
    const notifier = await startChannelNotifier({ store, sealer, queue, publicUrl: 'https://hh.test', idleCheckpointMs: 0 });
    try {
      // when
      const owner = { userId: 'u-k' };
      const refused: SignalEvent = {
        type: 'SignalFailed',
        v: 1,
        data: { at, code: 'EXCHANGE_REJECTED', reason: 'User or API Wallet 0x1234567890123456789012345678901234567890 does not exist.', transient: false },
      };
      const { lastPosition } = await store.eventStore.append(signalStreamId('s-k'), [toNewEvent(received('s-k', 'u-k'), owner), toNewEvent(refused, owner)]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(lastPosition));
      // then
      expect(handed.map((h) => [h.channel.id, h.notice.event])).toEqual([
        ['tg', 'keys.rejected'],
        ['dc', 'alert.failed'],
      ]);
      expect(handed[0]?.notice).toMatchObject({
        title: 'Hyperliquid refused your API wallet',
        strategy: { id: 'main', name: 'Main' },
        symbol: 'BTC',
        reason: expect.stringContaining('does not exist'),
        url: 'https://hh.test/dashboard?tab=logs&log=s-k',
      });
    } finally {
      await notifier.stop();
    }
  });

  it("issue 30, point 3: given a channel on position.liquidated, when a liquidation and an ordinary fill are recorded on the account stream, then only the liquidation is handed over, naming the symbol and the venue's words", async () => {
    // given
    const sealer = await userWithChannels('u-l', ['position.liquidated'], []);
    const { queue, handed } = recordingQueue();
    const notifier = await startChannelNotifier({ store, sealer, queue, publicUrl: 'https://hh.test', idleCheckpointMs: 0 });
    try {
      // when
      const fill = (tid: number, dir: string, closedPnl: string): AccountEvent => ({
        type: 'FillRecorded',
        v: 1,
        data: { coin: 'ETH', px: '2950.5', sz: '0.4', side: 'A', time: at, oid: tid, tid, closedPnl, fee: '0.59', dir, startPosition: '0.4' },
      });
      const { lastPosition } = await store.eventStore.append(accountStreamId('u-l'), [
        toNewEvent(fill(1, 'Close Long', '12')),
        toNewEvent(fill(2, 'Liquidated Cross Long', '-310.2')),
      ]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(lastPosition));
      // then
      expect(handed).toHaveLength(1);
      expect(handed[0]?.notice).toMatchObject({
        event: 'position.liquidated',
        title: 'ETH position liquidated',
        symbol: 'ETH',
        reason: 'Liquidated Cross Long: 0.4 ETH at $2950.5, closed P&L -310.2 USDC, fee 0.59',
        url: 'https://hh.test/dashboard?tab=positions',
      });
    } finally {
      await notifier.stop();
    }
  });

  it('issue 39, points 1 and 3: given a channel on position.drift and position.unprotected, when a drift and a refused stop are recorded, then each is handed over with its numbers; protection placed as asked says nothing', async () => {
    // given
    const sealer = await userWithChannels('u-d', ['position.drift', 'position.unprotected'], []);
    const { queue, handed } = recordingQueue();
    const notifier = await startChannelNotifier({ store, sealer, queue, publicUrl: 'https://hh.test', idleCheckpointMs: 0 });
    try {
      // when
      const drift: AccountEvent = {
        type: 'PositionDriftReconciled',
        v: 1,
        data: {
          at,
          coin: 'ETH',
          venueSzi: '0.06',
          ledgerSzi: '0.1',
          px: '3000',
          rule: 'reducedInProportion',
          strategies: [{ strategyId: 'st_a', from: '0.1', to: '0.06' }],
          outsideFrom: '0',
          outsideTo: '0',
          counted: [],
        },
      };
      const protection = (refused: boolean): AccountEvent => ({
        type: 'ProtectionUpdated',
        v: 1,
        data: {
          strategyId: 'st_a',
          coin: 'ETH',
          signalId: 'sig-1',
          stopLoss: '2900',
          live: [],
          refused: refused ? [{ kind: 'sl', triggerPx: '2900', size: '0.06', reason: 'Reduce only order would increase position.' }] : [],
          cancelled: [],
          at,
        },
      });
      const { lastPosition } = await store.eventStore.append(accountStreamId('u-d'), [
        toNewEvent(drift),
        toNewEvent(protection(false)),
        toNewEvent(protection(true)),
      ]);
      await vi.waitFor(async () => expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(lastPosition));
      // then
      expect(handed.map((h) => h.notice)).toMatchObject([
        {
          event: 'position.drift',
          title: 'ETH at Hyperliquid differs from your strategies',
          reason: 'The venue holds 0.06, the strategies held 0.1: every share was reduced in the same proportion. st_a 0.1 → 0.06.',
        },
        {
          event: 'position.unprotected',
          title: 'ETH position is not protected as asked',
          reason: 'Hyperliquid refused the stop-loss at 2900 for 0.06: Reduce only order would increase position..',
          strategy: { id: 'st_a' },
        },
      ]);
    } finally {
      await notifier.stop();
    }
  });
});

describe('channel notifier, retries across a restart (issue 30, point 3)', () => {
  it('issue 30, point 3: given a delivery waiting for its retry and a later one delivered, when the process restarts, then the waiting one is delivered after the restart and the delivered one is not sent again', async () => {
    // given: a local Bot API that fails the first request (503: worth a retry), then accepts
    const telegram = await startLocalReceiver();
    telegram.script({ status: 503, body: { ok: false, description: 'Service Unavailable' } });
    const sealer = createSealer({ masterKey: randomBytes(32), keyStore: store.keyStore, purpose: 'notifications' });
    const signedUp: UserEvent = { type: 'UserSignedUp', v: 1, data: { uid: 'u-r', email: 'r@example.com', passwordHash: null, at } };
    const channels: UserEvent = {
      type: 'NotificationChannelsUpdated',
      v: 1,
      data: {
        channels: [{ id: 'tg', type: 'telegram', target: '-1009', sealedBotToken: await sealer.seal('u-r', '1234:token'), events: ['alert.failed'] }],
        at,
      },
    };
    await store.eventStore.append(userStreamId('u-r'), [toNewEvent(signedUp), toNewEvent(channels)]);
    const log = createDeliveryLog(store.readStore);
    // The retry is a minute away: it is still waiting when the process stops.
    const queueOf = () =>
      createDeliveryQueue({
        targets: { allowPrivateTargets: true, telegramApiUrl: telegram.url },
        log,
        clock: () => new Date(at),
        retry: { baseDelayMs: 60_000 },
        random: () => 0.5,
      });
    const texts = () => telegram.received.map((r) => (JSON.parse(r.body) as { text: string }).text);
    const owner = { userId: 'u-r' };
    let queue = queueOf();
    let notifier = await startChannelNotifier({ store, sealer, queue, log, publicUrl: 'https://hh.test', idleCheckpointMs: 0 });
    try {
      await store.eventStore.append(signalStreamId('s-wait'), [toNewEvent(received('s-wait', 'u-r'), owner), toNewEvent(failed, owner)]);
      await vi.waitFor(() => expect(texts()).toHaveLength(1));
      const delivered = await store.eventStore.append(signalStreamId('s-done'), [toNewEvent(received('s-done', 'u-r'), owner), toNewEvent(failed, owner)]);
      await vi.waitFor(async () =>
        expect((await log.recent('u-r')).map((a) => [a.signalId, a.result])).toEqual([
          ['s-done', 'delivered'],
          ['s-wait', 'retrying'],
        ]),
      );
      // when: the process stops with the retry waiting, and starts again
      await notifier.stop();
      await queue.stop();
      expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBeLessThan(delivered.lastPosition);
      queue = queueOf();
      notifier = await startChannelNotifier({ store, sealer, queue, log, publicUrl: 'https://hh.test', idleCheckpointMs: 0 });
      // then
      await vi.waitFor(async () => expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(delivered.lastPosition));
      expect(queue.pending).toBe(0);
      expect(texts().map((text) => /log=(s-[a-z]+)/.exec(text)?.[1])).toEqual(['s-wait', 's-done', 's-wait']);
      expect((await log.recent('u-r'))[0]).toMatchObject({ signalId: 's-wait', result: 'delivered' });
    } finally {
      await notifier.stop();
      await queue.stop();
      await telegram.close();
    }
  });
});

describe('channel notifier checkpoint', () => {
  it('given batches that hand nothing over within the idle interval, when they follow each other, then the checkpoint is saved for the first, left behind for the rest, and saved on stop', async () => {
    const sealer = createSealer({ masterKey: randomBytes(32), keyStore: store.keyStore, purpose: 'notifications' });
    let clock = 0;
    const notifier = await startChannelNotifier({
      store,
      sealer,
      queue: recordingQueue().queue,
      publicUrl: 'https://hh.test',
      idleCheckpointMs: 60_000,
      now: () => clock,
    });
    const owner = { userId: 'u-7' };
    const first = await store.eventStore.append(signalStreamId('a'), [toNewEvent(received('a', 'u-7'), owner), toNewEvent(failed, owner)]);
    await vi.waitFor(async () => expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBe(first.lastPosition));
    clock = 1_000;
    const second = await store.eventStore.append(signalStreamId('b'), [toNewEvent(received('b', 'u-7'), owner), toNewEvent(failed, owner)]);
    await vi.waitFor(() => expect(notifier.subscription.position).toBe(second.lastPosition));
    expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBe(first.lastPosition);
    await notifier.stop();
    expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBe(second.lastPosition);
  });
});
