import { Decimal } from 'decimal.js';
import { assertSzDecimals } from './assertSzDecimals.js';
import { decimalToWire, parseDecimal } from './decimal.js';
import { priceStep } from './priceStep.js';

/** How roundPerpPrice resolves a price between two valid ones. */
export type PriceRoundingMode = 'nearest' | 'down' | 'up';

const ROUNDING: Record<PriceRoundingMode, Decimal.Rounding> = {
  // Half-up: a tie lands on the higher price, the usual commercial rounding.
  nearest: Decimal.ROUND_HALF_UP,
  down: Decimal.ROUND_FLOOR,
  up: Decimal.ROUND_CEIL,
};

/**
 * Rounds `px` to a price Hyperliquid accepts for a perp with `szDecimals` (see isValidPerpPrice)
 * and returns it as wire text. `down` and `up` let callers round in the direction that never
 * loosens a limit. Throws a RangeError when px is not positive or the result would be 0
 * (a price below the smallest step, e.g. 0.0000004 with szDecimals 0, rounded down or to nearest).
 */
export function roundPerpPrice(px: number | string, szDecimals: number, mode: PriceRoundingMode = 'nearest'): string {
  assertSzDecimals(szDecimals);
  const value = parseDecimal(px, 'Price');
  if (!value.gt(0)) throw new RangeError(`Price must be greater than 0; got ${decimalToWire(value)}.`);
  const step = priceStep(value, szDecimals);
  const rounded = value.toNearest(step, ROUNDING[mode]);
  if (rounded.isZero()) {
    throw new RangeError(`Price ${decimalToWire(value)} rounds to 0: the smallest price step for szDecimals ${szDecimals} is ${decimalToWire(step)}.`);
  }
  return decimalToWire(rounded);
}
