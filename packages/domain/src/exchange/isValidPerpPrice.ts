import { MAX_PERP_DECIMALS, MAX_SIGNIFICANT_FIGURES } from './constants.js';
import { assertSzDecimals } from './assertSzDecimals.js';
import { WIRE_DECIMAL_PATTERN } from './wireDecimalSchema.js';

/**
 * True when `px` is a price the exchange accepts for a perp with `szDecimals`: wire-form text,
 * greater than 0, at most `6 − szDecimals` decimals and at most 5 significant figures —
 * except that integers are always allowed ("123456" is fine, "12345.6" is not).
 * Throws a RangeError when `szDecimals` itself is impossible, since that is a caller bug.
 */
export function isValidPerpPrice(px: string, szDecimals: number): boolean {
  assertSzDecimals(szDecimals);
  if (typeof px !== 'string' || !WIRE_DECIMAL_PATTERN.test(px)) return false;
  const [intPart = '', fraction = ''] = px.split('.');
  if (fraction === '') return intPart !== '0';
  if (fraction.length > MAX_PERP_DECIMALS - szDecimals) return false;
  const significant = (intPart + fraction).replace(/^0+/, '');
  return significant.length <= MAX_SIGNIFICANT_FIGURES;
}
