import { z } from 'zod';

/** Signed plain decimal text as the venue writes its numbers: no exponent, no float noise, no trailing zeros ("-1.5", "0.0000001"). */
export const DECIMAL_TEXT_PATTERN = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** A number recorded in an event in the venue's decimal text. */
export const DecimalTextSchema = z.string().regex(DECIMAL_TEXT_PATTERN, 'must be plain decimal text');
