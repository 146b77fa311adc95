import { z } from 'zod';

/**
 * The exchange's canonical decimal text: no sign, no exponent, no leading or trailing zeros.
 * The signed hash covers these exact characters, so "100.0" and "100" are different orders.
 */
export const WIRE_DECIMAL_PATTERN = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** A price or size as sent to Hyperliquid, e.g. "97123" or "0.000012". */
export const WireDecimalSchema = z.string().regex(WIRE_DECIMAL_PATTERN, 'must be a plain decimal without trailing zeros');
/** Wire decimal text. */
export type WireDecimal = z.infer<typeof WireDecimalSchema>;
