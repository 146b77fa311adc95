import { assertSzDecimals } from './assertSzDecimals.js';
import { Dec, decimalToWire, parseDecimal } from './decimal.js';
import { smallestPriceStep } from './priceStep.js';
import { roundPerpPrice } from './roundPerpPrice.js';

/**
 * The limit price that emulates a market order: mid × (1 + pct/100) for a buy, mid × (1 − pct/100)
 * for a sell, sent as an IOC. The guard is the worst price the trader accepts, so rounding must
 * never loosen it: buys round down and sells round up. A sell with 100 % tolerance has a guard of 0,
 * which any positive price respects, so it gets the smallest valid price.
 * Throws a RangeError for a non-positive mid, a tolerance outside 0..100, or a buy guard below the
 * smallest price step.
 */
export function slippagePrice(mid: number | string, isBuy: boolean, slippagePct: number, szDecimals: number): string {
  assertSzDecimals(szDecimals);
  const midPx = parseDecimal(mid, 'Mid price');
  if (!midPx.gt(0)) throw new RangeError(`Mid price must be greater than 0; got ${decimalToWire(midPx)}.`);
  if (!Number.isFinite(slippagePct) || slippagePct < 0 || slippagePct > 100) {
    throw new RangeError(`Slippage tolerance must be a percentage from 0 to 100; got ${String(slippagePct)}.`);
  }
  const fraction = new Dec(slippagePct).div(100);
  const guard = midPx.mul(isBuy ? new Dec(1).plus(fraction) : new Dec(1).minus(fraction));
  if (!guard.gt(0)) return decimalToWire(smallestPriceStep(szDecimals));
  return roundPerpPrice(guard.toFixed(), szDecimals, isBuy ? 'down' : 'up');
}
