import type { AlertLadder } from '../alert/alertSchema.js';
import { MIN_ORDER_NOTIONAL_USD } from '../exchange/constants.js';
import { Dec } from '../exchange/decimal.js';
import { meetsMinimumNotional, orderNotional } from '../exchange/orderNotional.js';
import { roundPerpPrice } from '../exchange/roundPerpPrice.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { truncateSize } from '../exchange/truncateSize.js';
import { formatUsd } from './formatUsd.js';
import type { OrderPlanLeg } from './orderPlanSchema.js';
import { rejectPlan, type PlanOrderResult } from './planRejection.js';

type Refused = Extract<PlanOrderResult, { ok: false }>;

/**
 * The prices of a ladder's orders (issue 41, point 2): evenly spaced from `from` to `to`, both
 * included, each rounded to a valid perp price the way a limit is, never loosened (a buy down, a
 * sell up). Computed in decimal, so 3400 → 3300 in 5 steps is exactly 3400, 3375, …, 3300.
 */
export function ladderPrices(ladder: AlertLadder, isBuy: boolean, szDecimals: number, coin: string): { ok: true; prices: string[] } | Refused {
  const step = new Dec(ladder.to).minus(ladder.from).div(ladder.orders - 1);
  const prices: string[] = [];
  for (let leg = 0; leg < ladder.orders; leg++) {
    const exact = leg === ladder.orders - 1 ? new Dec(ladder.to) : step.mul(leg).plus(ladder.from);
    try {
      prices.push(roundPerpPrice(exact.toFixed(), szDecimals, isBuy ? 'down' : 'up'));
    } catch (error) {
      return rejectPlan('INVALID_PRICE', `Ladder price ${exact.toFixed()} cannot be used for ${coin}: ${(error as Error).message}`);
    }
  }
  return { ok: true, prices };
}

/** The average of the ladder's prices: what its whole size is worth per coin if every order fills. */
export function ladderAveragePrice(prices: readonly string[]): string {
  return toWireDecimal(
    prices
      .reduce((sum, px) => sum.plus(px), new Dec(0))
      .div(prices.length)
      .toDecimalPlaces(8)
      .toFixed(),
  );
}

/**
 * Splits `size` evenly over the ladder's prices, each order's size truncated to the coin's size
 * step, and checks every order against the venue's $10 minimum: one order under it would be
 * refused by the venue while the others rest, so the whole ladder is refused before signing.
 * `cloids` are the orders' own client ids, one per price (derived from the signal by the caller).
 */
export function ladderLegs(
  prices: readonly string[],
  size: string,
  szDecimals: number,
  cloids: readonly string[],
  coin: string,
): { ok: true; legs: OrderPlanLeg[]; size: string } | Refused {
  if (cloids.length < prices.length) throw new Error(`A ladder of ${prices.length} orders needs ${prices.length} client order ids, got ${cloids.length}.`);
  const legSize = truncateSize(new Dec(size).div(prices.length).toFixed(), szDecimals);
  if (legSize === '0') {
    return rejectPlan(
      'ZERO_SIZE',
      `${size} ${coin} split into ${prices.length} orders is less than the smallest ${coin} size step of ${toWireDecimal(new Dec(10).pow(-szDecimals).toFixed())} each.`,
    );
  }
  const smallest = prices.reduce((low, px) => (new Dec(px).lt(low) ? px : low));
  if (!meetsMinimumNotional(smallest, legSize)) {
    return rejectPlan(
      'BELOW_MINIMUM_NOTIONAL',
      `Each of the ladder's ${prices.length} orders is ${legSize} ${coin}; the one at ${smallest} is worth ${formatUsd(orderNotional(smallest, legSize))}, below Hyperliquid's ${formatUsd(MIN_ORDER_NOTIONAL_USD)} minimum. Send a larger size or fewer orders.`,
    );
  }
  const legs = prices.map((price, leg) => ({ price, size: legSize, cloid: cloids[leg] ?? '' }));
  return { ok: true, legs, size: toWireDecimal(new Dec(legSize).mul(prices.length).toFixed()) };
}
