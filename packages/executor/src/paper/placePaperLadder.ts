import type { OrderPlan } from '@hyperhook/domain';
import { ladderOutcome, type LadderLegStatus } from '@hyperhook/hyperliquid';
import type { OpenPaperAccount, PaperOrderResult } from '@hyperhook/trading';

/**
 * Places a ladder's orders on the paper account (issue 41 §3), as live sends them in one action:
 * each its own GTC/ALO limit at its price and size with its own cloid, without children, and the
 * alert's, so each fills as the mid moves through it and a `cancel` finds them all. The answers
 * read as one outcome, as live's placeLadder reads them (ladderOutcome): rejected only when every
 * order was refused. The paper venue books in memory, so placing one after the other is one action:
 * nothing reaches the log until the caller's single append.
 */
export function placePaperLadder(
  account: OpenPaperAccount,
  plan: OrderPlan & { ladder: NonNullable<OrderPlan['ladder']> },
  signalId: string,
): PaperOrderResult {
  const { venue, accountId } = account;
  const fills: PaperOrderResult['fills'][number][] = [];
  const legs = plan.ladder.map(({ price, size, cloid }): LadderLegStatus => {
    const placed = venue.placeOrder(accountId, { ...plan, price, size, cloid, children: [], grouping: 'na' }, signalId);
    fills.push(...placed.fills);
    const { outcome } = placed;
    if (outcome.kind === 'resting' && outcome.oid !== null) return { cloid, status: 'resting', oid: outcome.oid };
    if (outcome.kind === 'filled' && outcome.avgPrice !== null)
      return { cloid, status: 'filled', oid: outcome.oid ?? -1, filledSize: outcome.filledSize, avgPrice: outcome.avgPrice };
    if (outcome.kind === 'rejected') return { cloid, status: 'rejected', message: outcome.message };
    return { cloid, status: 'missing' };
  });
  return { outcome: ladderOutcome(legs), fills };
}
