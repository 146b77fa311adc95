import { z } from 'zod';
import { toWireDecimal } from './toWireDecimal.js';

/** Signed plain decimal text as the venue writes its numbers: no exponent, no float noise, no trailing zeros ("-1.5", "0.0000001"). */
export const DECIMAL_TEXT_PATTERN = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** A number recorded in an event in the venue's decimal text. */
export const DecimalTextSchema = z.string().regex(DECIMAL_TEXT_PATTERN, 'must be plain decimal text');

/**
 * The decimal text of a number the client already parsed. Twelve significant figures drop the
 * noise of binary floats (179.99999999999997 → "180", 0.30000000000000004 → "0.3"), which the
 * venue's own text never has; `String()` would also give exponents ("1e-7").
 */
export function decimalText(value: number): string {
  return toWireDecimal(Number(value.toPrecision(12)));
}
