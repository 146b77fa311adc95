import { accountStreamId, parseStreamId, streamPrefix, type OrderRested, type RestingOrdersExpired } from '@hyperhook/domain';
import { followLog, toNewEvent } from '@hyperhook/eventsourcing';
import { ownsUser } from './partition.js';
import { startKeeperLoop, type LaneKeeperOptions, type PeriodicCheck } from './periodicCheck.js';
import { protectPosition } from './protectPosition.js';
import { missingPrices } from './stages/cancelResting.js';
import { isSigner, openSigner } from './stages/openSigner.js';

/** Options of {@link startRestingExpiryKeeper}: due orders are looked for every 15 s by default; a check costs nothing until one is due. */
export type RestingExpiryKeeperOptions = LaneKeeperOptions;

/** A running keeper of resting entries' deadlines: check() cancels every order of the partition that is due now. */
export type RestingExpiryKeeper = PeriodicCheck;

/** One alert's resting orders with a deadline. */
interface Due {
  readonly cancelAt: number;
  readonly restedAt: number;
  readonly strategyId: string;
  readonly coin: string;
  readonly subAccount: string | undefined;
  readonly cloids: Set<string>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Cancels a strategy's resting entry once it has rested for its alert's `cancelAfterMinutes`
 * (issue 41): the deadline is on its OrderRested (one per order, a ladder's included), followed
 * from the log from the first event without a checkpoint, as the protection keeper does, so a
 * restart finds every deadline again, one passed while the executor was down included. A due
 * alert's orders still resting in the ledger are cancelled by cloid in one action in the user's
 * lane, the strategy's protection is fitted to what it holds as a cancel alert's is (a parent
 * cancelled after a partial fill takes its grouped TP/SL with it), and RestingOrdersExpired records
 * it, which ends the deadline. Deadlines are judged on the executor's clock.
 */
export async function startRestingExpiryKeeper(options: RestingExpiryKeeperOptions): Promise<RestingExpiryKeeper> {
  const { ctx, partition, inLane } = options;
  /** uid → signal id → its orders' deadline. */
  const deadlines = new Map<string, Map<string, Due>>();
  let stopping = false;

  const forget = (uid: string, signalId: string): void => {
    const signals = deadlines.get(uid);
    signals?.delete(signalId);
    if (signals?.size === 0) deadlines.delete(uid);
  };

  const follower = followLog({
    eventStore: ctx.eventStore,
    startAt: 'first',
    filter: { streamPrefix: streamPrefix('account'), types: ['OrderRested', 'RestingOrdersExpired'] },
    batchSize: 500,
    handle: (batch) => {
      for (const recorded of batch.events) {
        const stream = parseStreamId(recorded.streamId);
        if (stream?.category !== 'account' || !ownsUser(stream.id, partition)) continue;
        if (recorded.type === 'RestingOrdersExpired') {
          forget(stream.id, (recorded.data as RestingOrdersExpired['data']).signalId);
          continue;
        }
        const data = recorded.data as OrderRested['data'];
        if (data.cancelAt === undefined) continue;
        const signals = deadlines.get(stream.id) ?? new Map<string, Due>();
        const due = signals.get(data.signalId) ?? {
          cancelAt: Date.parse(data.cancelAt),
          restedAt: Date.parse(data.at),
          strategyId: data.strategyId,
          coin: data.coin,
          subAccount: data.subAccount,
          cloids: new Set<string>(),
        };
        due.cloids.add(data.cloid);
        signals.set(data.signalId, due);
        deadlines.set(stream.id, signals);
      }
    },
    onError: (error) => ctx.log({ level: 'error', msg: 'resting expiry keeper stopped following the log', error: messageOf(error) }),
  });
  await follower.started;

  /** One alert's due orders: cancels what still rests, fits the protection, records it. */
  const expire = async (uid: string, signalId: string, due: Due): Promise<void> => {
    const ledger = await ctx.ledgers.get(uid);
    const resting = [...due.cloids].filter((cloid) => Object.hasOwn(ledger.resting, cloid));
    // Filled in full meanwhile: nothing to cancel, and nothing to say.
    if (resting.length === 0) return forget(uid, signalId);
    const profile = await ctx.profiles.get(uid);
    if (profile.credentials === null) {
      ctx.log({ level: 'warn', msg: 'resting order due but not cancelled: no API keys', userId: uid, signalId });
      return;
    }
    const signer = await openSigner(ctx, uid, profile.credentials, due.subAccount);
    if (!isSigner(signer)) {
      ctx.log({ level: 'warn', msg: 'resting order due but not cancelled: the key could not be opened', userId: uid, signalId, reason: signer.message });
      return;
    }
    const result = await ctx.client.cancelByCloid(
      signer,
      resting.map((cloid) => ({ coin: due.coin, cloid })),
    );
    // Not applied (or not known to be): tried again at the next check.
    if (result.outcome.kind !== 'ok') {
      ctx.log({ level: 'warn', msg: 'resting order due, cancel not applied; retrying', userId: uid, signalId, error: result.outcome.message });
      return;
    }
    const cancelled = resting.filter((_, i) => result.cancels[i]?.status === 'cancelled');
    const gone = resting.filter((_, i) => result.cancels[i]?.status !== 'cancelled');
    if (cancelled.length > 0) {
      const prices = await missingPrices(ctx, ledger, due.strategyId, due.coin, [{ signalId }]);
      await protectPosition(ctx, uid, signer, due.strategyId, due.coin, signalId, prices);
    }
    const event: RestingOrdersExpired = {
      type: 'RestingOrdersExpired',
      v: 1,
      data: {
        signalId,
        strategyId: due.strategyId,
        coin: due.coin,
        afterMinutes: Number(((due.cancelAt - due.restedAt) / 60_000).toFixed(4)),
        at: new Date(ctx.clock()).toISOString(),
        cancelled,
        gone,
      },
    };
    await ctx.eventStore.append(accountStreamId(uid), [toNewEvent(event, { causationId: signalId })]);
    forget(uid, signalId);
    ctx.log({ level: 'info', msg: 'resting order cancelled after its time', userId: uid, signalId, coin: due.coin, cancelled: cancelled.length });
  };

  const checkAll = async (): Promise<void> => {
    await follower.caughtUp;
    const now = ctx.clock();
    for (const [uid, signals] of [...deadlines]) {
      for (const [signalId, due] of [...signals]) {
        if (stopping) return;
        if (due.cancelAt > now) continue;
        try {
          await inLane(uid, () => expire(uid, signalId, due));
        } catch (error) {
          ctx.log({ level: 'error', msg: 'resting expiry keeper could not cancel an order', userId: uid, signalId, error: messageOf(error) });
        }
      }
    }
  };

  return startKeeperLoop({
    name: 'resting expiry',
    log: ctx.log,
    run: checkAll,
    intervalMs: options.intervalMs ?? 15_000,
    setTimer: options.setTimer,
    follower,
    onStop: () => {
      stopping = true;
    },
  });
}
