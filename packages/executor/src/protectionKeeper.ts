import { breakEvenStop, holdingOf, isFlat, parseStreamId, protectionOf, streamPrefix, type ProtectionUpdated } from '@hyperhook/domain';
import { followLog } from '@hyperhook/eventsourcing';
import type { ExecutorContext } from './executorContext.js';
import { ownsUser, type Partition } from './partition.js';
import { startPeriodicCheck, type CheckTimer } from './periodicCheck.js';
import { protectPosition } from './protectPosition.js';
import { isSigner, openSigner } from './stages/openSigner.js';

/** Options of {@link startProtectionKeeper}. */
export interface ProtectionKeeperOptions {
  readonly ctx: ExecutorContext;
  readonly partition: Partition | undefined;
  /** Runs `work` in the user's serial lane, so a move never interleaves with the user's alerts. */
  readonly inLane: (uid: string, work: () => Promise<void>) => Promise<void>;
  /**
   * How often armed moves are checked, default 5 s. The prices come from the shared market feed
   * (the venue's WebSocket, else one REST read of all mids a second at most), so a check costs the
   * venue's budget nothing; a move costs one order and one cancel.
   */
  readonly intervalMs?: number;
  /** Starts the wait before the next check, default setTimeout: tests hold it (answer undefined) and call check() themselves. */
  readonly setTimer?: CheckTimer;
}

/** A running keeper of the stops that move. */
export interface ProtectionKeeper {
  /** Checks every armed position of the partition now (after the first catch-up with the log); resolves when done. */
  check(): Promise<void>;
  /** Stops the timer and following the log; a check in progress ends first. */
  stop(): Promise<void>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Moves stops that an alert asked to move (issue 41): a break-even move armed on a strategy's
 * position (ProtectionUpdated's `breakEven`) takes the stop to its price once the mid reaches the
 * activation, a long's stop only ever up and a short's down, by protectPosition: the new stop is
 * placed before the old one is cancelled, so the position is never without one, and the move is
 * recorded with the arming cleared. While hyperhook is down the last stop at the venue protects.
 *
 * Which positions are armed is followed from ProtectionUpdated (followLog, from the first event,
 * no checkpoint, as the paper keeper does), so a restart resumes them; each check then reads the
 * ledger, the log's own account of the protection, before it moves anything.
 */
export async function startProtectionKeeper(options: ProtectionKeeperOptions): Promise<ProtectionKeeper> {
  const { ctx, partition, inLane } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  /** uid → `strategyId|coin` → the signal that armed it. */
  const armed = new Map<string, Map<string, string>>();
  let stopping = false;

  const follower = followLog({
    eventStore: ctx.eventStore,
    startAt: 'first',
    filter: { streamPrefix: streamPrefix('account'), types: ['ProtectionUpdated'] },
    batchSize: 500,
    handle: (batch) => {
      for (const event of batch.events) {
        const stream = parseStreamId(event.streamId);
        if (stream?.category !== 'account' || !ownsUser(stream.id, partition)) continue;
        const { strategyId, coin, signalId, breakEven } = event.data as ProtectionUpdated['data'];
        const positions = armed.get(stream.id) ?? new Map<string, string>();
        if (breakEven !== undefined) positions.set(`${strategyId}|${coin}`, signalId);
        else positions.delete(`${strategyId}|${coin}`);
        if (positions.size > 0) armed.set(stream.id, positions);
        else armed.delete(stream.id);
      }
    },
    onError: (error) => ctx.log({ level: 'error', msg: 'protection keeper stopped following the log', error: messageOf(error) }),
  });
  await follower.started;

  /** One armed position: moves its stop if the mid says so, in the user's lane. */
  const keep = async (uid: string, strategyId: string, coin: string, signalId: string): Promise<void> => {
    const ledger = await ctx.ledgers.get(uid);
    const current = protectionOf(ledger, strategyId, coin);
    const held = holdingOf(ledger, strategyId, coin).szi;
    if (current.breakEven === undefined || isFlat(held)) return;
    const profile = await ctx.profiles.get(uid);
    if (profile.credentials === null) return;
    const mid = (await ctx.client.getMids(profile.credentials.isTestnet))[coin];
    const stop = breakEvenStop(current.breakEven, !held.startsWith('-'), mid ?? Number.NaN, current.stopLoss);
    if (stop === undefined) return;
    const subAccount = profile.strategies.find((strategy) => strategy.id === strategyId)?.subAccount?.address;
    const signer = await openSigner(ctx, uid, profile.credentials, subAccount);
    if (!isSigner(signer)) {
      ctx.log({ level: 'warn', msg: 'break-even stop not moved: the key could not be opened', userId: uid, coin, reason: signer.message });
      return;
    }
    await protectPosition(ctx, uid, signer, strategyId, coin, signalId, { stopLoss: stop }, { clearBreakEven: true });
    ctx.log({ level: 'info', msg: 'stop moved to break-even', userId: uid, strategyId, coin, stopLoss: stop });
  };

  const checkAll = async (): Promise<void> => {
    await follower.caughtUp;
    for (const [uid, positions] of [...armed]) {
      for (const [key, signalId] of [...positions]) {
        if (stopping) return;
        const [strategyId = '', coin = ''] = key.split('|');
        try {
          await inLane(uid, () => keep(uid, strategyId, coin, signalId));
        } catch (error) {
          ctx.log({ level: 'error', msg: 'protection keeper could not check a position', userId: uid, coin, error: messageOf(error) });
        }
      }
    }
  };

  const periodic = startPeriodicCheck(checkAll, intervalMs, options.setTimer);

  return {
    check: () => periodic.check(),
    async stop() {
      stopping = true;
      await periodic.stop();
      await follower.stop();
    },
  };
}
