import { parseStreamId, streamPrefix, type OrderRested, type ProtectionUpdated } from '@hyperhook/domain';
import { followLog } from '@hyperhook/eventsourcing';
import { ownsUser } from './partition.js';
import { startKeeperLoop, type LaneKeeperOptions, type PeriodicCheck } from './periodicCheck.js';
import { keepProtection, type KeptPosition } from './keepProtection.js';

/**
 * Options of {@link startProtectionKeeper}: checks every 5 s by default. The prices come from the
 * shared market feed (the venue's WebSocket, else one REST read of all mids a second at most), so a
 * check costs the venue's budget nothing; a move costs one order and one cancel.
 */
export type ProtectionKeeperOptions = LaneKeeperOptions;

/** A running keeper of the strategies' protection: check() checks every position of the partition now (after the first catch-up with the log). */
export type ProtectionKeeper = PeriodicCheck;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Keeps the strategies' protection as their alerts asked, between alerts (issue 41): moves stops
 * (a break-even move once the mid reaches its activation, a trail as the price runs), records the
 * fills of triggers that fired and fits what is left to the position (a take-profit filled: the
 * stop shrinks to what remains; a stop fired: the take-profits go), by keepProtection in the user's
 * lane, so nothing interleaves with the user's alerts. While hyperhook is down the last stop at the
 * venue protects.
 *
 * Which positions have protection is followed from ProtectionUpdated (followLog, from the first
 * event, no checkpoint, as the paper keeper does), so a restart resumes them; each check then
 * reads the ledger, the log's own account of the protection, before it changes anything.
 */
export async function startProtectionKeeper(options: ProtectionKeeperOptions): Promise<ProtectionKeeper> {
  const { ctx, partition, inLane } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  /** uid → `strategyId|coin` → what the keeper remembers of it. */
  const kept = new Map<string, Map<string, KeptPosition>>();
  let stopping = false;

  const follower = followLog({
    eventStore: ctx.eventStore,
    startAt: 'first',
    filter: { streamPrefix: streamPrefix('account'), types: ['ProtectionUpdated', 'OrderRested'] },
    batchSize: 500,
    handle: (batch) => {
      for (const event of batch.events) {
        const stream = parseStreamId(event.streamId);
        if (stream?.category !== 'account' || !ownsUser(stream.id, partition)) continue;
        // Every position that gets protection or a resting entry is checked; a check that finds nothing
        // left to keep forgets it (checkAll), until its next event.
        const { strategyId, coin, signalId } = event.data as ProtectionUpdated['data'] | OrderRested['data'];
        const positions = kept.get(stream.id) ?? new Map<string, KeptPosition>();
        const key = `${strategyId}|${coin}`;
        const known = positions.get(key);
        // A resting entry's signal never replaces the protection's: the triggers it places derive from it.
        positions.set(key, { ...known, signalId: event.type === 'OrderRested' && known !== undefined ? known.signalId : signalId });
        kept.set(stream.id, positions);
      }
    },
    onError: (error) => ctx.log({ level: 'error', msg: 'protection keeper stopped following the log', error: messageOf(error) }),
  });
  await follower.started;

  const checkAll = async (): Promise<void> => {
    await follower.caughtUp;
    for (const [uid, positions] of [...kept]) {
      for (const [key, position] of [...positions]) {
        if (stopping) return;
        const [strategyId = '', coin = ''] = key.split('|');
        try {
          let stillKept = true;
          await inLane(uid, async () => {
            stillKept = await keepProtection(ctx, uid, strategyId, coin, position);
          });
          if (!stillKept && positions.get(key) === position) positions.delete(key);
          if (positions.size === 0 && kept.get(uid) === positions) kept.delete(uid);
        } catch (error) {
          ctx.log({ level: 'error', msg: 'protection keeper could not check a position', userId: uid, coin, error: messageOf(error) });
        }
      }
    }
  };

  return startKeeperLoop({
    name: 'protection',
    log: ctx.log,
    run: checkAll,
    intervalMs,
    setTimer: options.setTimer,
    follower,
    onStop: () => {
      stopping = true;
    },
  });
}
