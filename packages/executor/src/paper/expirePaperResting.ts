import type { PaperOpenOrder, PaperRestingOrdersExpired } from '@hyperhook/domain';
import type { OpenPaperAccount } from '@hyperhook/trading';
import type { ExecutorLog } from '../executorLog.js';
import { missingProtection } from './cancelPaperResting.js';
import type { PaperRun } from './paperAccountEvents.js';

/** What {@link expirePaperResting} works on: the account opened for this check, and its clock. */
export interface PaperExpiry {
  readonly account: Pick<OpenPaperAccount, 'venue' | 'accountId'>;
  readonly now: number;
  readonly run: PaperRun;
  readonly uid: string;
  readonly log: ExecutorLog;
}

/**
 * Cancels the paper entries whose `cancelAfterMinutes` deadline has come (issue 41 §3), as live's
 * resting expiry keeper does: the deadline is on the order in the log (cancelAt), so a restart finds
 * it, one passed while the executor was down included. An alert's due orders (one, or a ladder's)
 * are cancelled together; what filled is kept, and a parent cancelled after a partial fill takes
 * its waiting TP/SL along (the venue's rule), so the position gets the cancelled entry's where it
 * has none of its own, as a paper cancel alert gives it. One PaperRestingOrdersExpired per alert,
 * in live's words, for the caller to append with the snapshot the cancels left.
 */
export function expirePaperResting({ account, now, run, uid, log }: PaperExpiry): PaperRestingOrdersExpired[] {
  const { venue, accountId } = account;
  const before = venue.openOrders(accountId);
  const due = new Map<string, PaperOpenOrder[]>();
  for (const order of before) {
    if (order.cancelAt === undefined || Date.parse(order.cancelAt) > now || order.reduceOnly || order.trigger !== undefined) continue;
    // Every paper entry an alert placed names it; one that would not is its own.
    const key = order.signalId ?? `oid:${order.oid}`;
    due.set(key, [...(due.get(key) ?? []), order]);
  }
  const at = new Date(now).toISOString();
  return [...due].flatMap(([key, orders]): PaperRestingOrdersExpired[] => {
    const first = orders[0];
    if (first?.signalId === undefined || first.cancelAt === undefined) return [];
    const statuses = venue.cancel(
      accountId,
      orders.map((order) => order.oid),
    );
    const cloidOf = (order: PaperOpenOrder) => order.cloid ?? [];
    const cancelled = orders.filter((_, i) => statuses[i]?.status === 'cancelled');
    const gone = orders.filter((_, i) => statuses[i]?.status !== 'cancelled');
    const entry = cancelled[0];
    if (entry !== undefined) {
      const protection = venue.protect(accountId, first.coin, missingProtection(before, entry), first.signalId);
      for (const refusal of protection.refused)
        log({ level: 'warn', msg: 'paper protection refused', signalId: key, userId: uid, kind: refusal.kind, error: refusal.message });
    }
    log({ level: 'info', msg: 'paper resting order cancelled after its time', userId: uid, signalId: key, coin: first.coin, cancelled: cancelled.length });
    return [
      {
        type: 'PaperRestingOrdersExpired',
        v: 1,
        data: {
          signalId: first.signalId,
          strategyId: run.strategyId,
          epoch: run.epoch,
          coin: first.coin,
          // As live counts it: from when the entry rested to its deadline.
          afterMinutes: Number(((Date.parse(first.cancelAt) - Date.parse(first.placedAt)) / 60_000).toFixed(4)),
          at,
          cancelled: cancelled.flatMap(cloidOf),
          gone: gone.flatMap(cloidOf),
        },
      },
    ];
  });
}
