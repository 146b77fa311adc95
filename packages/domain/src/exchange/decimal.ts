import { Decimal } from 'decimal.js';

/**
 * A private decimal.js constructor. 40 significant digits keep `notional / price` exact enough
 * that truncation never sees a binary-float artefact, and cloning leaves the global decimal.js
 * configuration alone for other packages (the exchange SDK uses it too).
 */
export const Dec: Decimal.Constructor = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -1000,
  toExpPos: 1000,
});

// Plain decimal text only: decimal.js would also accept "0x1f", "Infinity" and "NaN",
// none of which may ever reach an order.
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a number or decimal text into a Decimal, throwing a RangeError that names `what`
 * when it is NaN, infinite or not plain decimal text.
 */
export function parseDecimal(x: number | string, what: string): Decimal {
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) throw new RangeError(`${what} must be a finite number; got ${String(x)}.`);
    return new Dec(x);
  }
  if (typeof x === 'string') {
    const text = x.trim();
    if (DECIMAL_TEXT.test(text)) return new Dec(text);
  }
  throw new RangeError(`${what} must be a finite decimal number; got ${JSON.stringify(x) ?? String(x)}.`);
}

/** Decimal → wire text: plain notation, no trailing zeros, and never "-0". */
export function decimalToWire(d: Decimal): string {
  return d.isZero() ? '0' : d.toFixed();
}
