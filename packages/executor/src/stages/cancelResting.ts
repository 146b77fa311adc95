import { protectionOf, restingIn, type ProtectionPrices, type RestingOrdersCancelled, type SignalCommand } from '@hyperhook/domain';
import type { SignerRef } from '@hyperhook/hyperliquid';
import type { ExecutorContext } from '../executorContext.js';
import { protectPosition } from '../protectPosition.js';
import { decideAndAppend, loadSignal, type LoadedSignal } from '../signalStream.js';
import type { SignalStop } from './signalStop.js';

type Cancelled = RestingOrdersCancelled['data']['cancelled'];

/**
 * A cancel alert (issue 41): cancels its strategy's resting orders in the coin, the limit entries
 * the ledger knows it placed (OrderRested), by cloid in one action on the account they rest on.
 * Other strategies' orders and every stop-loss and take-profit stay. An order the venue no longer
 * holds (filled or cancelled meanwhile) is passed by.
 *
 * A parent cancelled after a partial fill takes its grouped TP/SL children with it (the venue's
 * rule), so the strategy's position is protected again afterwards: its own stop and take-profit
 * resized to what it holds, or, where it had none, the cancelled entry's.
 */
export async function cancelResting(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  signer: SignerRef,
  strategyId: string,
  coin: string,
): Promise<LoadedSignal | SignalStop> {
  const ledger = await ctx.ledgers.get(uid);
  const resting = Object.entries(restingIn(ledger, coin, (id) => id === strategyId));
  if (resting.length === 0) return recordCancels(ctx, signal, [], `No resting ${coin} orders of this strategy to cancel: nothing was sent.`);

  const result = await ctx.client.cancelByCloid(
    signer,
    resting.map(([cloid]) => ({ coin, cloid })),
  );
  if (result.outcome.kind !== 'ok') {
    return { kind: 'fail', code: 'CANCEL_FAILED', message: result.outcome.message, transient: result.outcome.kind !== 'rejected' };
  }
  const cancelled: Cancelled = [];
  const refused: string[] = [];
  resting.forEach(([cloid, order], i) => {
    const status = result.cancels[i];
    if (status?.status === 'cancelled') cancelled.push({ cloid, signalId: order.signalId });
    else if (status?.status === 'rejected') refused.push(status.message);
  });
  if (refused.length > 0 && cancelled.length === 0) return { kind: 'fail', code: 'CANCEL_FAILED', message: refused.join(' '), transient: false };

  await protectPosition(ctx, uid, signer, strategyId, coin, signal.signalId, await missingPrices(ctx, ledger, strategyId, coin, cancelled));
  const count = `${cancelled.length} resting ${coin} order${cancelled.length === 1 ? '' : 's'}`;
  const reason =
    cancelled.length === 0
      ? `This strategy's resting ${coin} orders were already filled or cancelled: nothing to cancel.`
      : `Cancelled ${count} of this strategy; its stop-loss and take-profit are kept.${refused.length > 0 ? ` The venue refused the rest: ${refused.join(' ')}` : ''}`;
  return recordCancels(ctx, signal, cancelled, reason);
}

/**
 * The trigger prices of the cancelled entries that the strategy's protection does not have yet;
 * the expiry keeper (restingExpiryKeeper.ts) fits the protection after its cancels the same way.
 */
export async function missingPrices(
  ctx: ExecutorContext,
  ledger: Awaited<ReturnType<ExecutorContext['ledgers']['get']>>,
  strategyId: string,
  coin: string,
  cancelled: readonly Pick<Cancelled[number], 'signalId'>[],
): Promise<ProtectionPrices> {
  const current = protectionOf(ledger, strategyId, coin);
  if (cancelled.length === 0 || (current.stopLoss !== undefined && current.takeProfit !== undefined)) return {};
  for (const { signalId } of cancelled) {
    const planned = (await loadSignal(ctx.eventStore, signalId)).events.findLast((event) => event.type === 'OrderPlanned');
    if (planned?.type !== 'OrderPlanned') continue;
    const sl = planned.data.plan.children.find((child) => child.kind === 'sl')?.triggerPx;
    const tp = planned.data.plan.children.find((child) => child.kind === 'tp')?.triggerPx;
    return {
      ...(current.stopLoss === undefined && sl !== undefined ? { stopLoss: sl } : {}),
      ...(current.takeProfit === undefined && tp !== undefined ? { takeProfit: tp } : {}),
    };
  }
  return {};
}

async function recordCancels(ctx: ExecutorContext, signal: LoadedSignal, cancelled: Cancelled, reason: string): Promise<LoadedSignal> {
  const command: SignalCommand = { type: 'RecordCancels', at: new Date(ctx.clock()).toISOString(), reason, cancelled };
  const next = await decideAndAppend(ctx.eventStore, signal, command);
  ctx.log({ level: 'info', msg: 'resting orders cancelled', signalId: signal.signalId, userId: signal.state.userId ?? undefined, cancelled: cancelled.length });
  return next;
}
