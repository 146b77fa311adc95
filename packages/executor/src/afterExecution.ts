import {
  accountStreamId,
  breakEvenPrices,
  FIRST_STRATEGY_ID,
  protectedIn,
  type BreakEven,
  type OrderPlan,
  type OrderRested,
  type SignalReceived,
} from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { SignerRef } from '@hyperhook/hyperliquid';
import type { ExecutorContext } from './executorContext.js';
import { protectPosition } from './protectPosition.js';
import type { LoadedSignal } from './signalStream.js';

/**
 * After an order of a live strategy filled: its position in the coin gets the protection it asked
 * for (protectPosition). The trigger prices an IOC entry carries as children are set; a reduction
 * or a close resizes or cancels what is live. Close-all leaves every strategy in the coin flat, so
 * each one's triggers are cancelled. A resting order changes no position yet: it is recorded, so
 * its later fills are its strategy's.
 */
export async function afterExecution(ctx: ExecutorContext, signal: LoadedSignal, uid: string, signer: SignerRef, plan: OrderPlan): Promise<void> {
  const executed = signal.events.findLast((event) => event.type === 'SignalExecuted');
  const received = signal.events.find((event) => event.type === 'SignalReceived');
  if (executed?.type !== 'SignalExecuted' || received?.type !== 'SignalReceived') return;
  // A ladder's orders are each recorded resting, whatever the first answer said: one that filled at
  // once leaves the ledger's resting orders as its fills are recorded (issue 41).
  if (plan.ladder !== undefined) await recordResting(ctx, signal, uid, signer, plan, received.data, plan.ladder);
  else if (executed.data.status === 'resting') {
    const oid = executed.data.oid;
    return recordResting(ctx, signal, uid, signer, plan, received.data, [{ cloid: plan.cloid, size: plan.size, ...(oid !== undefined ? { oid } : {}) }]);
  }
  if (executed.data.status === 'resting') return;
  if (received.data.origin === 'closeAll') {
    for (const strategyId of protectedIn(await ctx.ledgers.get(uid), plan.coin))
      await protectPosition(ctx, uid, signer, strategyId, plan.coin, signal.signalId);
    return;
  }
  await protectPosition(ctx, uid, signer, received.data.strategyId ?? FIRST_STRATEGY_ID, plan.coin, signal.signalId, {
    ...(plan.grouping === 'na' ? pricesOf(plan) : {}),
    ...breakEvenOf(received.data.alert?.breakEven, plan, executed.data.avgPx),
  });
}

/**
 * The break-even move an entry asked for, at prices counted from its average fill (issue 41);
 * nothing for a reduce-only order, whose position is not this alert's entry.
 */
function breakEvenOf(asked: BreakEvenPercents | undefined, plan: OrderPlan, avgPx: string | undefined): { breakEven?: BreakEven } {
  if (asked === undefined || plan.reduceOnly || avgPx === undefined) return {};
  const breakEven = breakEvenPrices(avgPx, plan.isBuy, asked, plan.szDecimals);
  return breakEven === null ? {} : { breakEven };
}

type BreakEvenPercents = NonNullable<NonNullable<SignalReceived['data']['alert']>['breakEven']>;

function pricesOf(plan: OrderPlan): { stopLoss?: string; takeProfit?: string } {
  const sl = plan.children.find((child) => child.kind === 'sl');
  const tp = plan.children.find((child) => child.kind === 'tp');
  return { ...(sl !== undefined ? { stopLoss: sl.triggerPx } : {}), ...(tp !== undefined ? { takeProfit: tp.triggerPx } : {}) };
}

/**
 * A strategy's limit orders rest (one, or a ladder's): recorded on `account-<uid>`, so their fills,
 * when the price comes, are counted for the strategy (venueFills.ts) instead of being taken for
 * drift, and a `cancel` alert finds them. With the alert's `cancelAfterMinutes` each carries the
 * time it is cancelled at, for the expiry keeper (issue 41).
 */
async function recordResting(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  signer: SignerRef,
  plan: OrderPlan,
  received: SignalReceived['data'],
  orders: readonly { readonly cloid: string; readonly size: string; readonly oid?: number }[],
): Promise<void> {
  if (received.origin === 'closeAll') return;
  const now = ctx.clock();
  const minutes = received.alert?.cancelAfterMinutes;
  const cancelAt = minutes === undefined ? {} : { cancelAt: new Date(now + minutes * 60_000).toISOString() };
  const events = orders.map(({ cloid, size, oid }): OrderRested => ({
    type: 'OrderRested',
    v: 1,
    data: {
      signalId: signal.signalId,
      strategyId: received.strategyId ?? FIRST_STRATEGY_ID,
      coin: plan.coin,
      ...(signer.vaultAddress !== undefined ? { subAccount: signer.vaultAddress.toLowerCase() } : {}),
      cloid,
      ...(oid !== undefined ? { oid } : {}),
      size,
      isBuy: plan.isBuy,
      at: new Date(now).toISOString(),
      ...cancelAt,
    },
  }));
  await ctx.eventStore.append(
    accountStreamId(uid),
    events.map((event) => toNewEvent(event, { causationId: signal.signalId })),
  );
}
