import { MIN_ORDER_NOTIONAL_USD } from '../exchange/constants.js';
import { Dec } from '../exchange/decimal.js';
import { meetsMinimumNotional, orderNotional } from '../exchange/orderNotional.js';
import { formatUsd } from './formatUsd.js';
import type { OrderPlan } from './orderPlanSchema.js';
import { rejectPlan, type PlanOrderResult } from './planRejection.js';

/**
 * Turns a strategy's order into the account's (issue 39, point 1). The strategy's plan is what its
 * own position needs; the venue nets every strategy into one position per coin, so the same order
 * may shrink the account's position or grow it:
 * - it only shrinks the account's position (same size or less, other side): reduce-only, so the
 *   venue can never turn it into a position nobody asked for. An entry with TP/SL children is
 *   left as it is: its children's group must open as the entry does;
 * - it grows or flips the account's position: never reduce-only (the venue would refuse it with
 *   "Reduce only order would increase position"), so a strategy's close that opens the other side
 *   of another strategy's position must meet the $10 minimum of an opening order.
 */
export function netToAccount(plan: OrderPlan, accountSzi: number): PlanOrderResult {
  const held = new Dec(Number.isFinite(accountSzi) ? accountSzi : 0);
  const size = new Dec(plan.size);
  const shrinks = !held.isZero() && held.isPositive() !== plan.isBuy && size.lte(held.abs());
  if (shrinks) return { ok: true, plan: plan.children.length === 0 ? { ...plan, reduceOnly: true } : plan };
  if (!plan.reduceOnly) return { ok: true, plan };
  const lower = Dec.min(new Dec(plan.price), new Dec(plan.referencePrice)).toFixed();
  if (!meetsMinimumNotional(lower, plan.size)) {
    return rejectPlan(
      'BELOW_MINIMUM_NOTIONAL',
      `Other strategies hold the other side of ${plan.coin}, so this strategy's ${plan.size} ${plan.coin} order opens a position at the venue, and it is worth ${formatUsd(orderNotional(lower, plan.size))}, below Hyperliquid's ${formatUsd(MIN_ORDER_NOTIONAL_USD)} minimum for opening orders.`,
    );
  }
  return { ok: true, plan: { ...plan, reduceOnly: false } };
}
