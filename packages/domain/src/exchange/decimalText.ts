import { toWireDecimal } from './toWireDecimal.js';

/**
 * The decimal text of a number the client already parsed. Twelve significant figures drop the
 * noise of binary floats (179.99999999999997 → "180", 0.30000000000000004 → "0.3"), which the
 * venue's own text never has; `String()` would also give exponents ("1e-7").
 */
export function decimalText(value: number): string {
  return toWireDecimal(Number(value.toPrecision(12)));
}
