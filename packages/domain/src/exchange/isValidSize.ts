import { assertSzDecimals } from './assertSzDecimals.js';
import { WIRE_DECIMAL_PATTERN } from './wireDecimalSchema.js';

/**
 * True when `sz` is an order size the exchange accepts for an asset with `szDecimals`:
 * wire-form text, greater than 0 (an order for nothing is refused) and at most `szDecimals`
 * decimals. Throws a RangeError when `szDecimals` itself is impossible.
 */
export function isValidSize(sz: string, szDecimals: number): boolean {
  assertSzDecimals(szDecimals);
  if (typeof sz !== 'string' || !WIRE_DECIMAL_PATTERN.test(sz) || sz === '0') return false;
  const fraction = sz.split('.')[1] ?? '';
  return fraction.length <= szDecimals;
}
