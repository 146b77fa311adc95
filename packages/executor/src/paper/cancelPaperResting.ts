import { isPositionTrigger, type PaperOpenOrder, type RestingOrdersCancelled } from '@hyperhook/domain';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import type { OpenPaperAccount, PaperProtection } from '@hyperhook/trading';
import type { ExecutorContext } from '../executorContext.js';
import { failSignal } from '../recordOutcome.js';
import { decideLocally, type LoadedSignal } from '../signalStream.js';
import { appendPaperOutcome } from './appendPaperOutcome.js';
import { paperSnapshotEvent } from './paperAccountEvents.js';
import type { PaperSignal } from './processPaperSignal.js';

type Cancelled = RestingOrdersCancelled['data']['cancelled'];

/**
 * A cancel alert on a paper strategy (issue 41 §3), as live's cancelResting: the limit entries
 * resting on the strategy's paper account in the coin are cancelled, and nothing else: the
 * position's stop-loss and take-profit stay. The paper account is the strategy's own, so every
 * entry on it is the strategy's. A parent cancelled after a partial fill takes its waiting TP/SL
 * with it (the venue's rule, which the engine keeps), so where the position has no stop or target
 * of its own it gets the cancelled entry's, as live gives it. The outcome is live's
 * RestingOrdersCancelled, in live's words, appended with the account it left in one commit.
 */
export async function cancelPaperResting(ctx: ExecutorContext, loaded: LoadedSignal, paper: PaperSignal, account: OpenPaperAccount): Promise<void> {
  const { venue, accountId } = account;
  const { coin } = paper.alert;
  const before = venue.openOrders(accountId);
  const entries = before.filter((order) => order.coin === coin && !order.reduceOnly && order.trigger === undefined);
  if (entries.length === 0) return finish(`No resting ${coin} orders of this strategy to cancel: nothing was sent.`, []);

  const cancelled: Cancelled = [];
  const refused: string[] = [];
  venue
    .cancel(
      accountId,
      entries.map((order) => order.oid),
    )
    .forEach((status, i) => {
      const order = entries[i];
      if (order === undefined) return;
      // Every paper order an alert placed names it; the cancel's own id stands in for one that would not.
      const signalId = order.signalId ?? loaded.signalId;
      if (status.status === 'cancelled') cancelled.push({ cloid: order.cloid ?? cloidForSignal(signalId), signalId, oid: order.oid });
      else refused.push(status.message);
    });
  if (refused.length > 0 && cancelled.length === 0) return void (await failSignal(ctx, loaded, 'CANCEL_FAILED', refused.join(' '), false));

  const first = entries.find((order) => order.oid === cancelled[0]?.oid);
  const missing = first === undefined ? {} : missingProtection(before, first);
  const protection = venue.protect(accountId, coin, missing, first?.signalId);
  for (const refusal of protection.refused)
    ctx.log({ level: 'warn', msg: 'paper protection refused', signalId: loaded.signalId, userId: paper.uid, kind: refusal.kind, error: refusal.message });
  const count = `${cancelled.length} resting ${coin} order${cancelled.length === 1 ? '' : 's'}`;
  const reason =
    cancelled.length === 0
      ? `This strategy's resting ${coin} orders were already filled or cancelled: nothing to cancel.`
      : `Cancelled ${count} of this strategy; its stop-loss and take-profit are kept.${refused.length > 0 ? ` The venue refused the rest: ${refused.join(' ')}` : ''}`;
  return finish(reason, cancelled, true);

  async function finish(reason: string, done: Cancelled, changed = false): Promise<void> {
    const at = new Date(ctx.clock()).toISOString();
    const signal = decideLocally(loaded, { type: 'RecordCancels', at, reason, cancelled: done });
    const run = { strategyId: paper.strategyId, epoch: paper.run.epoch };
    const snapshot = changed
      ? [paperSnapshotEvent(run, venue.snapshot(accountId), at, venue.openOrders(accountId), account.record.breakEvens, account.record.exits)]
      : [];
    await appendPaperOutcome(ctx, signal, paper.uid, account.record.version, snapshot);
    ctx.log({ level: 'info', msg: 'paper resting orders cancelled', signalId: signal.signalId, userId: paper.uid, cancelled: done.length });
  }
}

/**
 * The stop-loss and take-profit of a cancelled entry (its grouped children, as they were before the
 * cancel) that the position has none of its own of: live's protection takes the same ones.
 */
export function missingProtection(before: readonly PaperOpenOrder[], entry: PaperOpenOrder): PaperProtection {
  // The position's own triggers: the paper venue's whole-position pair, or the fixed-size ones of a position kept the live way.
  const own = (kind: 'sl' | 'tp') => before.some((order) => isPositionTrigger(order, entry.coin) && order.trigger?.tpsl === kind);
  const child = (kind: 'sl' | 'tp') => {
    const order = before.find((o) => o.parentOid === entry.oid && o.trigger?.tpsl === kind);
    return order?.trigger === undefined || own(kind) ? undefined : { triggerPx: order.trigger.px, price: order.limitPx };
  };
  const stopLoss = child('sl');
  const takeProfit = child('tp');
  return { ...(stopLoss !== undefined ? { stopLoss } : {}), ...(takeProfit !== undefined ? { takeProfit } : {}) };
}
