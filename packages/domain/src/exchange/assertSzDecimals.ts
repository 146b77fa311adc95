import { MAX_PERP_DECIMALS } from './constants.js';

/**
 * Throws unless `szDecimals` is a whole number the perp price rule can work with (0..6). A module
 * of its own, free of decimal.js: the validity checks that order-plan schemas use (and with them
 * every screen that parses a webhook log) must not pull in the decimal library.
 */
export function assertSzDecimals(szDecimals: number): void {
  if (!Number.isInteger(szDecimals) || szDecimals < 0 || szDecimals > MAX_PERP_DECIMALS) {
    throw new RangeError(`szDecimals must be a whole number from 0 to ${MAX_PERP_DECIMALS}; got ${String(szDecimals)}.`);
  }
}
