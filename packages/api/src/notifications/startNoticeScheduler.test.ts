import { randomBytes } from 'node:crypto';
import { accountStreamId, signalStreamId, userStreamId, type AccountEvent, type DomainEvent, type SignalEvent, type UserEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { startProjector, type Projector } from '@hyperhook/projector';
import { createSealer, type Sealer } from '@hyperhook/secrets';
import { openSqliteStore, type EventStore, type GlobalPosition, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeliveryLog } from './deliveryLog.js';
import { createDeliveryQueue, type DeliveryQueue } from './deliveryQueue.js';
import { dispatchNotice } from './dispatchNotice.js';
import { NOTICE_SCHEDULER_CHECKPOINT, NOTICE_SCHEDULER_COLLECTION } from './schedulerCheckpoint.js';
import type { Every } from './rounds.js';
import { startNoticeScheduler, type NoticeSchedulerOptions } from './startNoticeScheduler.js';
import { startLocalReceiver, type LocalReceiver } from './testing/localReceiver.js';

const UID = 'u-sched';
const T0 = Date.parse('2026-03-02T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;

let store: SqliteStore;
let projector: Projector;
let telegram: LocalReceiver;
let sealer: Sealer;
let queue: DeliveryQueue;
/** The fake clock every part of the test reads. */
let now = T0;
/** The scheduler's timer, captured: the test fires it. */
let fire: (() => Promise<void>) | undefined;
const every: Every = (_ms, run) => {
  fire = run;
  return () => {
    fire = undefined;
  };
};
const errors: unknown[] = [];

beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
  projector = startProjector({ store, onSkip: () => undefined });
  telegram = await startLocalReceiver();
  sealer = createSealer({ masterKey: randomBytes(32), keyStore: store.keyStore, purpose: 'notifications' });
  queue = createDeliveryQueue({
    targets: { allowPrivateTargets: true, telegramApiUrl: telegram.url },
    log: createDeliveryLog(store.readStore),
    clock: () => new Date(now),
  });
  errors.length = 0;
});
afterEach(async () => {
  await queue.stop();
  await projector.stop();
  await telegram.close();
  await store.close();
});

/** A user with a strategy "Swing", a Telegram channel on the silence and summary events, and `preferences`. */
async function givenUser(preferences: Omit<Extract<UserEvent, { type: 'NotificationPreferencesUpdated' }>['data'], 'at'>) {
  const events: UserEvent[] = [
    { type: 'UserSignedUp', v: 1, data: { uid: UID, email: 'sched@example.com', passwordHash: null, at: iso(T0 - 2 * 86_400_000) } },
    { type: 'StrategyCreated', v: 1, data: { strategyId: 'swing', name: 'Swing', venue: 'live', at: iso(T0 - 2 * 86_400_000) } },
    {
      type: 'NotificationChannelsUpdated',
      v: 1,
      data: {
        channels: [
          { id: 'tg', type: 'telegram', target: '-100123', sealedBotToken: await sealer.seal(UID, '1234:token'), events: ['strategy.silent', 'summary.daily'] },
        ],
        at: iso(T0 - 86_400_000),
      },
    },
    { type: 'NotificationPreferencesUpdated', v: 1, data: { ...preferences, at: iso(T0 - 86_400_000) } },
  ];
  return (
    await store.eventStore.append(
      userStreamId(UID),
      events.map((e) => toNewEvent(e)),
    )
  ).lastPosition;
}

/** Starts a scheduler on the fake clock (on `ports`, default the store) and waits until it has read the preferences. */
async function startScheduler(preferencesAt: number, ports: NoticeSchedulerOptions['store'] = store) {
  const scheduler = await startNoticeScheduler({
    store: ports,
    clock: () => new Date(now),
    publicUrl: 'https://hh.test',
    every,
    deliver: (uid, notice) => dispatchNotice({ eventStore: store.eventStore, sealer, queue, onError: (e) => errors.push(e) }, uid, notice),
    onError: (e) => errors.push(e),
  });
  await vi.waitFor(() => expect(scheduler.subscription.position).toBeGreaterThanOrEqual(preferencesAt));
  return scheduler;
}

/** Moves the clock and fires the scheduler's timer, as its interval would. */
async function at(ms: number) {
  now = ms;
  await fire?.();
}

/** The texts Telegram got, once the queue has nothing in flight. */
async function texts(): Promise<string[]> {
  await vi.waitFor(() => expect(queue.pending).toBe(0));
  return telegram.received.map((r) => (JSON.parse(r.body) as { text: string }).text);
}

async function recordSignal(
  signalId: string,
  receivedAt: number,
  outcome: SignalEvent | null,
  strategy: { strategyId: string; strategyName: string } | null = null,
) {
  const received: SignalEvent = {
    type: 'SignalReceived',
    v: 1,
    data: {
      signalId,
      userId: UID,
      receivedAt: iso(receivedAt),
      rawBody: '{}',
      alert: { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market', size: 50, leverage: 1 },
      rejection: null,
      ...(strategy ?? {}),
    },
  };
  const events: DomainEvent[] = outcome === null ? [received] : [received, outcome];
  const { lastPosition } = await store.eventStore.append(
    signalStreamId(signalId),
    events.map((e) => toNewEvent(e, { userId: UID })),
  );
  await projector.waitFor(lastPosition);
}

describe('notice scheduler (issue 30, point 3)', () => {
  it('issue 30, point 3: given a 30-minute alarm on Swing set at T0, when the fake clock passes T0+30m with no alert, then Telegram is told once, across a restart, until an alert re-arms it', async () => {
    // given
    const position = await givenUser({ webPush: { events: [] }, silenceAlarms: [{ strategyId: 'swing', minutes: 30, since: iso(T0) }], dailySummary: null });
    let scheduler = await startScheduler(position);
    // when: not yet
    await at(T0 + 29 * MIN);
    expect(await texts()).toEqual([]);
    // when: 30 minutes without an alert
    await at(T0 + 30 * MIN);
    // then
    const [first] = await texts();
    expect(first).toContain('Swing went silent');
    expect(first).toContain('Strategy: Swing');
    expect(first).toContain('Reason: No alert for 30 minutes');
    expect(first).toContain('https://hh.test/dashboard?tab=logs');
    // told once: neither a later tick (past the recheck) nor a restarted scheduler repeats it
    await at(T0 + 36 * MIN);
    expect(await texts()).toHaveLength(1);
    await scheduler.stop();
    scheduler = await startScheduler(position);
    await at(T0 + 45 * MIN);
    expect(await texts()).toHaveLength(1);
    // an alert at T0+50m re-arms it: silent again from T0+80m, naming the alert's symbol and row
    await recordSignal('sig-a', T0 + 50 * MIN, null, { strategyId: 'swing', strategyName: 'Swing' });
    await at(T0 + 79 * MIN);
    expect(await texts()).toHaveLength(1);
    await at(T0 + 80 * MIN);
    const all = await texts();
    expect(all).toHaveLength(2);
    expect(all[1]).toContain('Symbol: BTC');
    expect(all[1]).toContain(`the last came at ${iso(T0 + 50 * MIN)}`);
    expect(all[1]).toContain('https://hh.test/dashboard?tab=logs&log=sig-a');
    const noticed = (await store.eventStore.readStream(userStreamId(UID))).filter((e) => e.type === 'StrategySilenceNoticed');
    expect(noticed.map((e) => (e.data as { silentSince: string }).silentSince)).toEqual([iso(T0), iso(T0 + 50 * MIN)]);
    await scheduler.stop();
    expect(errors).toEqual([]);
  });

  it("issue 30, point 3: given a daily summary at 09:00 Europe/Berlin, when the fake clock reaches it, then one message counts the day's alerts, the realised P&L (closed P&L minus fees) and the open positions, once, even after a restart", async () => {
    // given: 09:00 in Berlin on 2 March 2026 is 08:00 UTC (T0); the day is the 24 hours before
    const position = await givenUser({
      webPush: { events: [] },
      silenceAlarms: [],
      dailySummary: { time: '09:00', timeZone: 'Europe/Berlin', since: iso(T0 - 86_400_000) },
    });
    const executed: SignalEvent = { type: 'SignalExecuted', v: 1, data: { acknowledgedAt: iso(T0 - 20 * 3_600_000), status: 'filled', avgPx: '60000' } };
    await recordSignal('sig-old', T0 - 25 * 3_600_000, executed);
    await recordSignal('sig-ok', T0 - 20 * 3_600_000, executed);
    await recordSignal('sig-fail', T0 - 19 * 3_600_000, {
      type: 'SignalFailed',
      v: 1,
      data: { at: iso(T0 - 19 * 3_600_000), code: 'EXCHANGE_REJECTED', reason: 'Insufficient margin', transient: false },
    });
    await recordSignal('sig-rej', T0 - 18 * 3_600_000, {
      type: 'SignalRejected',
      v: 1,
      data: { at: iso(T0 - 18 * 3_600_000), code: 'STOP_LOSS_REQUIRED', reason: 'Stop-loss required' },
    });
    const fill = (tid: number, time: number, closedPnl: string, fee: string): AccountEvent => ({
      type: 'FillRecorded',
      v: 1,
      data: { coin: 'ETH', px: '3000', sz: '0.1', side: 'A', time: iso(time), oid: tid, tid, closedPnl, fee, dir: 'Close Long' },
    });
    const snapshot: AccountEvent = {
      type: 'PositionsSnapshotTaken',
      v: 2,
      data: {
        at: iso(T0 - 3_600_000),
        source: 'sync',
        positions: [{ coin: 'ETH', szi: '0.5', entryPx: '3000', positionValue: '1550', unrealizedPnl: '50', leverage: 3 }],
      },
    };
    const account = await store.eventStore.append(accountStreamId(UID), [
      toNewEvent(fill(1, T0 - 44 * 3_600_000, '100', '0')),
      toNewEvent(fill(2, T0 - 12 * 3_600_000, '20', '1.5')),
      toNewEvent(fill(3, T0 - 11 * 3_600_000, '-5', '0.5')),
      toNewEvent(snapshot),
    ]);
    await projector.waitFor(account.lastPosition);
    let scheduler = await startScheduler(position);
    // when: a minute early, nothing
    await at(T0 - MIN);
    expect(await texts()).toEqual([]);
    // when: 09:00 in Berlin
    await at(T0);
    // then
    const [summary] = await texts();
    expect(summary).toContain('Daily summary for 2026-03-02');
    expect(summary).toContain('Alerts: 3 received, 1 executed, 1 failed, 1 rejected.');
    expect(summary).toContain('Realised P&L: $13.00 (closed P&L $15.00 minus fees $2.00, 2 fills).');
    expect(summary).toContain('Positions: 1 open: long 0.5 ETH ($50.00 unrealised).');
    // once per day: not at the next tick, nor after a restart
    await at(T0 + 5 * MIN);
    await scheduler.stop();
    scheduler = await startScheduler(position);
    await at(T0 + 10 * MIN);
    expect(await texts()).toHaveLength(1);
    // the next day's comes the next day
    await at(T0 + 86_400_000);
    const all = await texts();
    expect(all).toHaveLength(2);
    expect(all[1]).toContain('Daily summary for 2026-03-03');
    expect(all[1]).toContain('Alerts: 0 received');
    await scheduler.stop();
    expect(errors).toEqual([]);
  });
});

/** Where each subscription to the whole log began, and every event it handed over. */
type LogReads = { readonly from: GlobalPosition[]; readonly handed: { position: GlobalPosition; type: string }[] };

/** The store's event log, recording what is read of the whole log through it. */
function readsRecorded(inner: EventStore, reads: LogReads): EventStore {
  return {
    append: (streamId, events, options) => inner.append(streamId, events, options),
    appendMultiStream: (requests) => inner.appendMultiStream(requests),
    readStream: (streamId, options) => inner.readStream(streamId, options),
    readAll: (options) => {
      reads.from.push(options?.fromPosition ?? 0);
      return inner.readAll(options);
    },
    headPosition: () => inner.headPosition(),
    subscribeToAll: (options) => {
      reads.from.push(options.fromPosition);
      const { onBatch } = options;
      return inner.subscribeToAll({
        ...options,
        ...(onBatch === undefined
          ? {}
          : {
              onBatch: (batch) => {
                reads.handed.push(...batch.events.map((event) => ({ position: event.globalPosition, type: event.type })));
                return onBatch(batch);
              },
            }),
      });
    },
  };
}

describe('notice scheduler, resumed from its checkpoint (issue 40, point 2)', () => {
  it('issue 40, point 2: given a scheduler stopped after N events, when it starts again, then it reads only events after its checkpoint, and still knows the alarm it read before', async () => {
    // given: a 30-minute alarm read by a scheduler that then stops, and events appended while it is stopped
    const position = await givenUser({ webPush: { events: [] }, silenceAlarms: [{ strategyId: 'swing', minutes: 30, since: iso(T0) }], dailySummary: null });
    const first = await startScheduler(position);
    await first.stop();
    const checkpoint = (await store.checkpoints.get(NOTICE_SCHEDULER_CHECKPOINT)) ?? 0;
    expect(checkpoint).toBeGreaterThanOrEqual(position);
    await recordSignal('sig-other', T0 - 3 * MIN, null);
    const other = await store.eventStore.append(userStreamId('u-other'), [
      toNewEvent({
        type: 'NotificationPreferencesUpdated',
        v: 1,
        data: { webPush: { events: [] }, silenceAlarms: [], dailySummary: { time: '09:00', timeZone: 'UTC', since: iso(T0) }, at: iso(T0) },
      }),
    ]);
    // when
    const reads: LogReads = { from: [], handed: [] };
    const ports = {
      eventStore: readsRecorded(store.eventStore, reads),
      readStore: store.readStore,
      checkpoints: store.checkpoints,
      unitOfWork: store.unitOfWork,
    };
    const again = await startScheduler(other.lastPosition, ports);
    // then
    expect(reads.from).toEqual([checkpoint]);
    expect(reads.handed).toEqual([{ position: other.lastPosition, type: 'NotificationPreferencesUpdated' }]);
    await at(T0 + 30 * MIN);
    expect(await texts()).toEqual([expect.stringContaining('Swing went silent')]);
    await again.stop();
    expect(errors).toEqual([]);
  });

  it('issue 40, point 2: given a checkpoint without the preferences stored with it (a store migrated, its read models rebuilt), when the scheduler starts, then it reads the log from its first event again and stores both', async () => {
    // given
    const position = await givenUser({ webPush: { events: [] }, silenceAlarms: [{ strategyId: 'swing', minutes: 30, since: iso(T0) }], dailySummary: null });
    const first = await startScheduler(position);
    await first.stop();
    await store.readStore.deleteCollection(NOTICE_SCHEDULER_COLLECTION);
    // when
    const reads: LogReads = { from: [], handed: [] };
    const again = await startScheduler(position, {
      eventStore: readsRecorded(store.eventStore, reads),
      readStore: store.readStore,
      checkpoints: store.checkpoints,
      unitOfWork: store.unitOfWork,
    });
    // then
    expect(reads.from).toEqual([0]);
    await at(T0 + 30 * MIN);
    expect(await texts()).toEqual([expect.stringContaining('Swing went silent')]);
    await again.stop();
    expect(await store.readStore.get(NOTICE_SCHEDULER_COLLECTION, 'preferences')).toMatchObject({
      data: { preferences: { [UID]: { silenceAlarms: [{ strategyId: 'swing', minutes: 30 }] } } },
    });
    expect(errors).toEqual([]);
  });
  it('issue 42, point 2: given keys saved with 3 days left on their API wallet, then keys.expiring is told at once, at a day left and once expired, each once, across a restart', async () => {
    // given
    const position = await givenUser({ webPush: { events: [] }, silenceAlarms: [], dailySummary: null });
    const validUntil = T0 + 3 * 86_400_000;
    const keys: UserEvent[] = [
      {
        type: 'NotificationChannelsUpdated',
        v: 1,
        data: {
          channels: [{ id: 'tg', type: 'telegram', target: '-100123', sealedBotToken: await sealer.seal(UID, '1234:token'), events: ['keys.expiring'] }],
          at: iso(T0),
        },
      },
      {
        type: 'CredentialsSaved',
        v: 1,
        data: {
          apiWalletAddress: '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4',
          accountAddress: '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb2',
          isTestnet: false,
          sealedPrivateKey: await sealer.seal(UID, 'not a key, only sealed'),
          at: iso(T0),
          validUntil: iso(validUntil),
        },
      },
    ];
    const saved = (
      await store.eventStore.append(
        userStreamId(UID),
        keys.map((e) => toNewEvent(e)),
      )
    ).lastPosition;
    let scheduler = await startScheduler(Math.max(position, saved));
    // when the first tick after the save comes, and another
    await at(T0 + 30_000);
    await at(T0 + 60_000);
    // then
    expect(await texts()).toEqual([expect.stringContaining('Your API wallet expires in 3 days')]);
    expect((await texts())[0]).toContain('app.hyperliquid.xyz → More → API');
    // when a day is left, and after a restart past the expiry
    await at(validUntil - 86_400_000);
    await scheduler.stop();
    scheduler = await startScheduler(saved);
    await at(validUntil + 60_000);
    await at(validUntil + 120_000);
    // then
    const told = await texts();
    expect(told).toHaveLength(3);
    expect(told[1]).toContain('Your API wallet expires within a day');
    expect(told[2]).toContain('Your API wallet has expired');
    await scheduler.stop();
    expect(errors).toEqual([]);
  });
});
