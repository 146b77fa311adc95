import { streamEntityId, type AlarmsCommand } from '@hyperhook/domain';
import { decodeRecordedEvent, followLog, namedCheckpoint, type LogFollower } from '@hyperhook/eventsourcing';
import type { RecordedEvent, StorePorts } from '@hyperhook/store';
import { ALARM_CHANGES, createAlarmsWeigher } from './alarmsWeigher.js';

/** Checkpoint name of the position alarms. */
export const RISK_ALARMS_CHECKPOINT = 'risk-alarms';

/** Options of startRiskAlarms. */
export interface RiskAlarmsOptions {
  readonly store: Pick<StorePorts, 'eventStore' | 'checkpoints'>;
  readonly onError?: (error: unknown) => void;
  /** Longest the checkpoint is left behind batches that raised nothing, default 1 s. */
  readonly idleCheckpointMs?: number;
  /** Milliseconds, monotonic; default performance.now. */
  readonly now?: () => number;
}

/** The events weighed: the snapshots on `account-<uid>`. */
const SNAPSHOTS = ['PositionsSnapshotTaken', 'BalanceSnapshotTaken'];
/** The events on `user-<uid>` that change what a snapshot is weighed against. */
const CHANGES: readonly string[] = ALARM_CHANGES;

/** The command a snapshot on `account-<uid>` asks of its owner's alarms, or null for any other event. */
function commandOf(recorded: RecordedEvent): { readonly uid: string; readonly command: AlarmsCommand } | null {
  const decoded = decodeRecordedEvent(recorded);
  if (decoded.kind !== 'domain') return null;
  const { event, meta } = decoded.record;
  const uid = streamEntityId(meta, 'account');
  if (uid === null) return null;
  if (event.type === 'PositionsSnapshotTaken') return { uid, command: { type: 'RecordPositionsRisk', positions: event.data.positions, at: event.data.at } };
  if (event.type === 'BalanceSnapshotTaken') {
    const { marginUsed, totalEquity, at } = event.data;
    return { uid, command: { type: 'RecordMarginRisk', marginUsed, totalEquity, at } };
  }
  return null;
}

/**
 * The position alarms (issue 42, point 2), from the snapshots hyperhook already takes (after a
 * fill, a sync, a key save): each positions snapshot is weighed against the owner's liquidation
 * alarm and each balance snapshot against the margin-usage alarm (alarmsDecider). A crossing is
 * recorded on `user-<uid>` as RiskAlarmRaised, and the notifiers that follow the log tell it on
 * the trader's channels and by web push like any other notice; a raised alarm stays quiet until
 * it is cleared. Most snapshots change nothing: they are weighed on the state kept in memory, and
 * only a crossing is decided again against the stream and appended. Reading a snapshot again after a
 * restart records nothing twice. The first start begins at the head: old snapshots tell nothing.
 * Between snapshots, the risk watch weighs the last one's positions at the current mid
 * (startRiskWatch.ts).
 */
export async function startRiskAlarms(options: RiskAlarmsOptions): Promise<{ readonly subscription: LogFollower; stop(): Promise<void> }> {
  const { eventStore } = options.store;
  const onError = options.onError ?? ((error: unknown) => console.error('position alarms failed', error));
  /** Each user's alarms as last read, until the log says they changed (alarmsWeigher.ts). */
  const alarms = createAlarmsWeigher(eventStore);
  const follower = followLog({
    eventStore,
    checkpoint: namedCheckpoint(options.store.checkpoints, RISK_ALARMS_CHECKPOINT),
    startAt: 'head',
    saving: { kind: 'afterBatch', idleMs: options.idleCheckpointMs ?? 1_000, ...(options.now ? { now: options.now } : {}) },
    filter: { types: [...SNAPSHOTS, ...CHANGES] },
    handle: async (batch) => {
      let raised = false;
      for (const recorded of batch.events) {
        try {
          if (CHANGES.includes(recorded.type)) {
            alarms.forget(recorded.streamId);
            continue;
          }
          const found = commandOf(recorded);
          if (found === null) continue;
          raised = (await alarms.weigh(found.uid, found.command)) || raised;
        } catch (error) {
          onError(error);
        }
      }
      return raised ? 'acted' : undefined;
    },
    onError,
  });
  await follower.started;
  return { subscription: follower, stop: () => follower.stop() };
}
