import {
  accountStreamId,
  armExits,
  FIRST_STRATEGY_ID,
  holdingOf,
  protectedIn,
  type OrderPlan,
  type OrderRested,
  type ProtectionPrices,
  type ProtectionUpdated,
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
    return recordResting(ctx, signal, uid, signer, plan, received.data, [
      { cloid: plan.cloid, size: plan.size, price: plan.price, ...(oid !== undefined ? { oid } : {}) },
    ]);
  }
  if (executed.data.status === 'resting') return;
  if (received.data.origin === 'closeAll') {
    for (const strategyId of protectedIn(await ctx.ledgers.get(uid), plan.coin))
      await protectPosition(ctx, uid, signer, strategyId, plan.coin, signal.signalId);
    return;
  }
  const strategyId = received.data.strategyId ?? FIRST_STRATEGY_ID;
  const children = plan.grouping === 'na' ? pricesOf(plan) : {};
  const exits = await exitsOf(ctx, uid, strategyId, received.data.alert, plan, executed.data.avgPx, children.stopLoss);
  await protectPosition(ctx, uid, signer, strategyId, plan.coin, signal.signalId, { ...children, ...exits.prices }, { refused: exits.refused });
}

/**
 * The take-profits, break-even move and trail an entry asked for (issue 41), counted from its
 * average fill and the strategy's position after it; nothing for a reduce-only order, whose
 * position is not this alert's entry. Take-profits too small to split off are told as refused.
 */
async function exitsOf(
  ctx: ExecutorContext,
  uid: string,
  strategyId: string,
  alert: SignalReceived['data']['alert'],
  plan: OrderPlan,
  avgPx: string | undefined,
  stopLoss: string | undefined,
): Promise<{ prices: ProtectionPrices; refused: ProtectionUpdated['data']['refused'] }> {
  if (alert === undefined || alert === null || plan.reduceOnly || avgPx === undefined) return { prices: {}, refused: [] };
  const held = holdingOf(await ctx.ledgers.get(uid), strategyId, plan.coin).szi;
  const armed = armExits(alert, { avgPx, held, isLong: plan.isBuy, szDecimals: plan.szDecimals, ...(stopLoss !== undefined ? { stopLoss } : {}) });
  return {
    prices: armed.prices,
    refused: armed.tooSmall.map(({ triggerPx, percent }) => ({
      kind: 'tp' as const,
      triggerPx,
      size: '0',
      reason: `${percent}% of the position is less than one ${plan.coin} size step: this take-profit was not placed.`,
    })),
  };
}

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
  orders: readonly { readonly cloid: string; readonly size: string; readonly price: string; readonly oid?: number }[],
): Promise<void> {
  if (received.origin === 'closeAll') return;
  const now = ctx.clock();
  const minutes = received.alert?.cancelAfterMinutes;
  const cancelAt = minutes === undefined ? {} : { cancelAt: new Date(now + minutes * 60_000).toISOString() };
  const events = orders.map(({ cloid, size, price, oid }): OrderRested => ({
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
      limitPx: price,
    },
  }));
  await ctx.eventStore.append(
    accountStreamId(uid),
    events.map((event) => toNewEvent(event, { causationId: signal.signalId })),
  );
}
