import { decimalToWire, parseDecimal } from './decimal.js';

/**
 * Formats a number or decimal text the way Hyperliquid expects it on the wire:
 * `100.0` → "100", `1e-8` → "0.00000001", `-0` → "0". `Number#toString` would give "1e-8",
 * which the exchange refuses. Throws a RangeError on NaN, Infinity or non-decimal text.
 * It does not round: use roundPerpPrice / truncateSize for values that must meet exchange rules.
 */
export function toWireDecimal(x: number | string): string {
  return decimalToWire(parseDecimal(x, 'Value'));
}
