import type { Decimal } from 'decimal.js';
import { MAX_PERP_DECIMALS, MAX_SIGNIFICANT_FIGURES } from './constants.js';
import { Dec } from './decimal.js';

/**
 * The spacing of valid perp prices around `px`: the 5th significant digit, but never finer than
 * `6 − szDecimals` decimals and never coarser than 1 (integers are always valid). Every multiple
 * of this step within px's power of ten is a valid price, which is what makes rounding to it safe.
 */
export function priceStep(px: Decimal, szDecimals: number): Decimal {
  const sigFigExponent = px.e - (MAX_SIGNIFICANT_FIGURES - 1);
  const exponent = Math.min(0, Math.max(sigFigExponent, -(MAX_PERP_DECIMALS - szDecimals)));
  return new Dec(10).pow(exponent);
}

/** The smallest positive perp price for `szDecimals`: one unit in the last allowed decimal. */
export function smallestPriceStep(szDecimals: number): Decimal {
  return new Dec(10).pow(-(MAX_PERP_DECIMALS - szDecimals));
}
