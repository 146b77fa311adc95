/**
 * Decimal strings as the venue reads and writes them.
 *
 * Reading: wire prices/sizes are strings matching `^[0-9]+(\.[0-9]+)?$`; the venue hashes the
 * *normalised* form ("100.0" → "100", "0.0100" → "0.01"), so the simulator normalises before hashing.
 * Writing: `/info` numbers are Rust `f64` Display strings — never exponent notation and always with
 * a fractional part ("29792.0", "0.0").
 */

/** Shape of a wire decimal string (no sign, no exponent, no bare dot). */
export const DECIMAL_STRING_RE = /^[0-9]+(\.[0-9]+)?$/;

/** Strips redundant leading/trailing zeros: "0100.500" → "100.5", "0.0" → "0". Input must match {@link DECIMAL_STRING_RE}. */
export function normalizeDecimalString(s: string): string {
  const [rawInt = '0', rawFrac = ''] = s.split('.');
  const intPart = rawInt.replace(/^0+(?=\d)/, '');
  const frac = rawFrac.replace(/0+$/, '');
  return frac.length > 0 ? `${intPart}.${frac}` : intPart;
}

/** Number of fractional digits of a normalised decimal string. */
export function countDecimals(normalized: string): number {
  const dot = normalized.indexOf('.');
  return dot < 0 ? 0 : normalized.length - dot - 1;
}

/** Significant figures of a normalised decimal string ("0.001234" → 4, "1200" → 2, "0" → 0). */
export function significantFigures(normalized: string): number {
  const digits = normalized.replace('.', '').replace(/^0+/, '');
  // Trailing zeros of an integer are placeholders, not significant ("120000" has 2).
  return normalized.includes('.') ? digits.length : digits.replace(/0+$/, '').length;
}

/**
 * Integer number of lots (units of 10^−szDecimals) for a size string, or null when the string carries
 * more decimals than allowed — the venue rejects such sizes instead of rounding them.
 */
export function parseLots(size: string, szDecimals: number): number | null {
  const n = normalizeDecimalString(size);
  if (countDecimals(n) > szDecimals) return null;
  const [intPart = '0', frac = ''] = n.split('.');
  return Number(intPart + frac.padEnd(szDecimals, '0'));
}

/**
 * Rust-style `f64` Display of `x` rounded to at most `maxDecimals` decimals:
 * 29792 → "29792.0", 0.0100 → "0.01", −0 → "0.0", 1e-7 → "0.0000001".
 */
export function formatRust(x: number, maxDecimals = 8): string {
  if (!Number.isFinite(x)) throw new RangeError(`cannot format ${x}`);
  let s = x.toFixed(Math.max(0, Math.min(maxDecimals, 20)));
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  if (/^-0$/.test(s)) s = '0';
  return s.includes('.') ? s : `${s}.0`;
}

/** Rust-style display keeping about `sig` significant figures (prices, averages). */
export function formatSig(x: number, sig = 8): string {
  if (x === 0) return '0.0';
  const magnitude = Math.floor(Math.log10(Math.abs(x)));
  return formatRust(x, Math.max(0, sig - 1 - magnitude));
}

/** Rust-style display of a size held as integer lots. */
export function formatLots(lots: number, szDecimals: number): string {
  return formatRust(lots / 10 ** szDecimals, szDecimals);
}

/** USD amounts are shown with at most 6 decimals, like the venue's clearinghouse numbers. */
export function formatUsd(x: number): string {
  return formatRust(x, 6);
}
