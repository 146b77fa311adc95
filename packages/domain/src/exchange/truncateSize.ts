import { Decimal } from 'decimal.js';
import { assertSzDecimals } from './assertSzDecimals.js';
import { decimalToWire, parseDecimal } from './decimal.js';

/**
 * Cuts a coin size down to `szDecimals` decimals and returns wire text. It never rounds up:
 * the exchange refuses excess precision, and rounding up would spend more than was sized.
 * Returns "0" when nothing is left. Sizes are magnitudes (the side is separate), so a negative
 * size throws a RangeError rather than being truncated towards zero.
 */
export function truncateSize(sz: number | string, szDecimals: number): string {
  assertSzDecimals(szDecimals);
  const value = parseDecimal(sz, 'Size');
  if (value.isNegative() && !value.isZero()) throw new RangeError(`Size must not be negative; got ${decimalToWire(value)}.`);
  return decimalToWire(value.toDecimalPlaces(szDecimals, Decimal.ROUND_DOWN));
}
