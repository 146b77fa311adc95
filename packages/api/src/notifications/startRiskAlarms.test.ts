import { randomBytes } from 'node:crypto';
import { accountStreamId, userStreamId, type AccountEvent, type PositionSnapshot, type UserEvent } from '@hyperhook/domain';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/eventsourcing';
import { createSealer } from '@hyperhook/secrets';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NOTIFIER_CHECKPOINT, startChannelNotifier } from './startChannelNotifier.js';
import { RISK_ALARMS_CHECKPOINT, startRiskAlarms } from './startRiskAlarms.js';
import { recordingQueue } from './testing/recordingQueue.js';

const UID = 'u-risk';
const AT = '2026-12-03T18:00:00.000Z';
let store: SqliteStore;
beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
});
afterEach(async () => {
  await store.close();
});

/** A trader with a Telegram channel on the two position alarms. */
async function givenTrader() {
  const sealer = createSealer({ masterKey: randomBytes(32), keyStore: store.keyStore, purpose: 'notifications' });
  const events: UserEvent[] = [
    { type: 'UserSignedUp', v: 1, data: { uid: UID, email: 'risk@example.com', passwordHash: null, at: AT } },
    {
      type: 'NotificationChannelsUpdated',
      v: 1,
      data: {
        channels: [
          {
            id: 'tg',
            type: 'telegram',
            target: '-1001',
            sealedBotToken: await sealer.seal(UID, '1234:token'),
            events: ['position.liquidation_risk', 'account.margin_usage'],
          },
        ],
        at: AT,
      },
    },
  ];
  await store.eventStore.append(
    userStreamId(UID),
    events.map((e) => toNewEvent(e)),
  );
  return sealer;
}

/** An ETH long whose mark is 3,000 and liquidation price `liquidationPx`. */
const eth = (liquidationPx: string): PositionSnapshot => ({ coin: 'ETH', szi: '1', markPx: '3000', positionValue: '3000', liquidationPx });
/** Each snapshot a second after the one before, as fills take them. */
let taken = Date.parse(AT);
const next = () => new Date((taken += 1_000)).toISOString();
const positions = (...list: PositionSnapshot[]): AccountEvent => ({
  type: 'PositionsSnapshotTaken',
  v: 2,
  data: { at: next(), source: 'fill', positions: list },
});
const balance = (marginUsed: string): AccountEvent => ({
  type: 'BalanceSnapshotTaken',
  v: 2,
  data: { at: next(), availableBalance: '100', totalEquity: '1000', marginUsed, totalNotional: '5000' },
});

async function snapshots(...events: AccountEvent[]) {
  return (
    await store.eventStore.append(
      accountStreamId(UID),
      events.map((e) => toNewEvent(e, { userId: UID })),
    )
  ).lastPosition;
}

async function alarmEvents() {
  return decodeStreamEvents(await store.eventStore.readStream(userStreamId(UID))).filter((e) => e.type === 'RiskAlarmRaised' || e.type === 'RiskAlarmCleared');
}

describe('position alarms from the snapshots (issue 42, point 2)', () => {
  it('given a trader with a channel on both alarms, when snapshots put ETH 5 % from liquidation three times and margin at 85 % twice, then each alarm is told once, with its numbers', async () => {
    // given
    const sealer = await givenTrader();
    const { queue, handed } = recordingQueue();
    const notifier = await startChannelNotifier({ store, sealer, queue, publicUrl: 'https://hh.test', idleCheckpointMs: 0 });
    const alarms = await startRiskAlarms({ store, idleCheckpointMs: 0 });
    try {
      // when
      const last = await snapshots(positions(eth('2850')), balance('850'), positions(eth('2860')), balance('870'), positions(eth('2855')));
      await vi.waitFor(async () => expect(await store.checkpoints.get(RISK_ALARMS_CHECKPOINT)).toBeGreaterThanOrEqual(last));
      const head = await store.eventStore.headPosition();
      await vi.waitFor(async () => expect(await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)).toBeGreaterThanOrEqual(head));
      // then
      expect((await alarmEvents()).map((e) => e.type)).toEqual(['RiskAlarmRaised', 'RiskAlarmRaised']);
      expect(handed.map((h) => h.notice.event)).toEqual(['position.liquidation_risk', 'account.margin_usage']);
      expect(handed[0]?.notice).toMatchObject({
        title: 'ETH long is 5% from liquidation',
        symbol: 'ETH',
        url: 'https://hh.test/dashboard?tab=positions',
      });
      expect(handed[0]?.notice.reason).toContain('Mark 3,000, liquidation price 2,850: within your 10% alarm.');
      expect(handed[1]?.notice.title).toBe('85% of your account is in use as margin');
    } finally {
      await alarms.stop();
      await notifier.stop();
    }
  });

  it('given ETH raised, when it recovers past 12 % and falls again, then it is cleared and told a second time; a restart that reads the snapshots again records nothing twice', async () => {
    // given
    await givenTrader();
    const first = await startRiskAlarms({ store, idleCheckpointMs: 0 });
    const raised = await snapshots(positions(eth('2850')));
    await vi.waitFor(async () => expect(await store.checkpoints.get(RISK_ALARMS_CHECKPOINT)).toBeGreaterThanOrEqual(raised));
    // when
    const last = await snapshots(positions(eth('2600')), positions(eth('2800')), positions(eth('2790')));
    await vi.waitFor(async () => expect(await store.checkpoints.get(RISK_ALARMS_CHECKPOINT)).toBeGreaterThanOrEqual(last));
    await first.stop();
    // then
    const told = await alarmEvents();
    expect(told.map((e) => e.type)).toEqual(['RiskAlarmRaised', 'RiskAlarmCleared', 'RiskAlarmRaised']);

    // when the checkpoint is lost and every snapshot is read again
    await store.checkpoints.set(RISK_ALARMS_CHECKPOINT, 0);
    const again = await startRiskAlarms({ store, idleCheckpointMs: 0 });
    await vi.waitFor(async () => expect(await store.checkpoints.get(RISK_ALARMS_CHECKPOINT)).toBeGreaterThanOrEqual(last));
    await again.stop();
    // then the last reading (raised) is what the stream holds: nothing new
    expect(await alarmEvents()).toHaveLength(told.length);
  });
  it('issue 42, point 2: given ETH 12 % from liquidation weighed quietly at the default 10 %, when the trader sets 15 % and the next snapshot comes, then it is weighed against 15 % and raised', async () => {
    // given
    await givenTrader();
    const alarms = await startRiskAlarms({ store, idleCheckpointMs: 0 });
    try {
      const quiet = await snapshots(positions(eth('2640')));
      await vi.waitFor(async () => expect(await store.checkpoints.get(RISK_ALARMS_CHECKPOINT)).toBeGreaterThanOrEqual(quiet));
      expect(await alarmEvents()).toEqual([]);
      // when
      await store.eventStore.append(userStreamId(UID), [
        toNewEvent({
          type: 'NotificationPreferencesUpdated',
          v: 1,
          data: { webPush: { events: [] }, silenceAlarms: [], dailySummary: null, riskAlarms: { liquidationDistancePct: 15, marginUsagePct: 80 }, at: AT },
        }),
      ]);
      const next = await snapshots(positions(eth('2640')));
      await vi.waitFor(async () => expect(await store.checkpoints.get(RISK_ALARMS_CHECKPOINT)).toBeGreaterThanOrEqual(next));
      // then
      expect((await alarmEvents()).map((e) => e.data)).toEqual([expect.objectContaining({ alarm: 'liquidation', thresholdPct: 15, distancePct: 12 })]);
    } finally {
      await alarms.stop();
    }
  });
});
