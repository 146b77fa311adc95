import { FIRST_STRATEGY_ID, protectedIn, type LedgerState, type OrderPlan, type SignalReceived } from '@hyperhook/domain';
import type { SignerRef } from '@hyperhook/hyperliquid';
import type { ExecutorContext } from './executorContext.js';
import { protectPosition } from './protectPosition.js';
import type { LoadedSignal } from './signalStream.js';

/**
 * After an order of a live strategy filled: its position in the coin gets the protection it asked
 * for (protectPosition). The trigger prices an IOC entry carries as children are set; a reduction
 * or a close resizes or cancels what is live. Close-all leaves every strategy in the coin flat, so
 * each one's triggers are cancelled. A resting order changes no position yet: nothing to do.
 */
export async function afterExecution(ctx: ExecutorContext, signal: LoadedSignal, uid: string, signer: SignerRef, plan: OrderPlan): Promise<void> {
  const executed = signal.events.findLast((event) => event.type === 'SignalExecuted');
  const received = signal.events.find((event) => event.type === 'SignalReceived');
  if (executed?.type !== 'SignalExecuted' || executed.data.status !== 'filled' || received?.type !== 'SignalReceived') return;
  const strategies = strategiesActedOn(received.data, await ctx.ledgers.get(uid), plan.coin);
  const prices = plan.grouping === 'na' ? pricesOf(plan) : {};
  for (const strategyId of strategies) await protectPosition(ctx, uid, signer, strategyId, plan.coin, signal.signalId, received.data.origin === 'closeAll' ? {} : prices);
}

function strategiesActedOn(received: SignalReceived['data'], ledger: LedgerState, coin: string): string[] {
  if (received.origin === 'closeAll') return protectedIn(ledger, coin);
  return [received.strategyId ?? FIRST_STRATEGY_ID];
}

function pricesOf(plan: OrderPlan): { stopLoss?: string; takeProfit?: string } {
  const sl = plan.children.find((child) => child.kind === 'sl');
  const tp = plan.children.find((child) => child.kind === 'tp');
  return { ...(sl !== undefined ? { stopLoss: sl.triggerPx } : {}), ...(tp !== undefined ? { takeProfit: tp.triggerPx } : {}) };
}
