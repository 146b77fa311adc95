/** Sizes with up to 6 decimals, trailing zeros dropped ("0.0015", "12"). */
export function formatSize(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 6 });
}

/**
 * A price with the decimals the venue quotes it in: Hyperliquid prices have at most five
 * significant figures (whole numbers excepted) and at most six decimals, so a BTC price reads
 * "65,432" and a kPEPE price "0.012345".
 */
export function formatPrice(value: number): string {
  if (!Number.isFinite(value) || value === 0) return '0';
  // Digits before the decimal point; 0 or negative for prices under 1 (0.0123 → -1).
  const magnitude = Math.floor(Math.log10(Math.abs(value))) + 1;
  const decimals = Math.min(6, Math.max(0, 5 - magnitude));
  return value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: decimals });
}

/** A price in dollars ("$65,432", "$0.012345"). */
export function formatUsdPrice(value: number): string {
  return `$${formatPrice(value)}`;
}

/** A leverage as "3x". */
export function formatLeverage(value: number): string {
  return `${formatSize(value)}x`;
}

/** A share as a whole percent ("67%"). */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}
