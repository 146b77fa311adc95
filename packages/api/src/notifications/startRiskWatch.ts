import { positionsAtMids, type WatchedAccount } from '@hyperhook/domain';
import { followLog, type LogFollower } from '@hyperhook/eventsourcing';
import type { StorePorts } from '@hyperhook/store';
import { ALARM_CHANGES, createAlarmsWeigher } from './alarmsWeigher.js';
import { roundMids, type MidsSource } from './roundMids.js';
import { riskWatchCheckpoint } from './riskWatchCheckpoint.js';
import { BOOK_EVENTS, createRiskWatchMemory } from './riskWatchMemory.js';
import { startRounds, type Every } from './rounds.js';

/** How often the open positions are weighed at the current mark: every minute. */
export const DEFAULT_RISK_WATCH_MS = 60_000;

/** Options of startRiskWatch. */
export interface RiskWatchOptions {
  readonly store: Pick<StorePorts, 'eventStore' | 'readStore' | 'checkpoints' | 'unitOfWork'>;
  /** The exchange client of a network (AppDeps.hyperliquid): its mids, its weight budget and its mid-price socket. */
  readonly exchange: (isTestnet: boolean) => MidsSource;
  /** The time a round's readings are taken at. */
  readonly clock: () => Date;
  /** Runs the rounds (default setInterval, unref'd). */
  readonly every?: Every;
  /** Milliseconds between rounds, default DEFAULT_RISK_WATCH_MS. */
  readonly intervalMs?: number;
  readonly onError?: (error: unknown) => void;
  /**
   * Longest the checkpoint (and the book with it) is left behind, default 10 s: a restart reads
   * that much of the log again, which only replaces snapshots, and the book is written at most
   * that often while fills come in.
   */
  readonly idleCheckpointMs?: number;
  /** Milliseconds, monotonic; default performance.now. */
  readonly now?: () => number;
}

/** A running risk watch. */
export interface RiskWatch {
  readonly subscription: LogFollower;
  /** One round now; a round already running is waited for instead. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The liquidation alarm between snapshots (issue 42, point 2: a position drifting towards
 * liquidation while the trader sleeps, with no fill and no sync). It keeps each user's last
 * positions snapshot, the positions that can be liquidated and the network of the user's keys
 * (riskWatchMemory.ts, stored with its checkpoint: riskWatchCheckpoint.ts), and every minute puts
 * them at the venue's current mids and weighs them with the same command a snapshot is weighed
 * with (RecordPositionsRisk, at the round's time): a crossing is recorded once as RiskAlarmRaised on
 * the user stream and told like any notice, a position back with room is cleared, and a second
 * api process weighing the same drift records nothing more (alarmsWeigher.ts). A round reads the
 * mids once per network whatever the number of users, within the venue's budget (roundMids.ts),
 * and reads nothing when nobody holds a position. Rounds wait until the book has caught up with
 * the log, so a snapshot replaced since is never weighed at today's mark.
 */
export async function startRiskWatch(options: RiskWatchOptions): Promise<RiskWatch> {
  const { eventStore } = options.store;
  const onError = options.onError ?? ((error: unknown) => console.error('risk watch failed', error));
  const memory = createRiskWatchMemory();
  const alarms = createAlarmsWeigher(eventStore);
  const checkpoint = riskWatchCheckpoint(options.store, memory);
  const changes: readonly string[] = ALARM_CHANGES;
  const follower = followLog({
    eventStore,
    checkpoint,
    saving: { kind: 'afterBatch', idleMs: options.idleCheckpointMs ?? 10_000, ...(options.now ? { now: options.now } : {}) },
    filter: { types: [...BOOK_EVENTS, ...ALARM_CHANGES] },
    handle: (batch) => {
      for (const recorded of batch.events) {
        if (changes.includes(recorded.type)) alarms.forget(recorded.streamId);
        else if (memory.apply(recorded)) checkpoint.changed();
      }
    },
    onError,
  });
  let caughtUp = false;
  follower.caughtUp.then(
    () => (caughtUp = true),
    () => undefined,
  );
  await follower.started;

  async function weighNetwork(isTestnet: boolean, accounts: readonly (readonly [string, WatchedAccount])[], at: string): Promise<void> {
    const mids = await roundMids(options.exchange(isTestnet), isTestnet);
    if (mids === null) return;
    for (const [uid, account] of accounts) {
      await alarms.weigh(uid, { type: 'RecordPositionsRisk', positions: positionsAtMids(account.positions, mids), at }).catch(onError);
    }
  }

  async function round(): Promise<void> {
    if (!caughtUp) return;
    const at = options.clock().toISOString();
    const byNetwork = new Map<boolean, [string, WatchedAccount][]>();
    for (const entry of memory.accounts()) {
      const list = byNetwork.get(entry[1].isTestnet) ?? [];
      list.push(entry);
      byNetwork.set(entry[1].isTestnet, list);
    }
    for (const [isTestnet, accounts] of byNetwork) await weighNetwork(isTestnet, accounts, at).catch(onError);
  }

  const rounds = startRounds({ round, intervalMs: options.intervalMs ?? DEFAULT_RISK_WATCH_MS, every: options.every, onError, follower });
  return { subscription: follower, ...rounds };
}
