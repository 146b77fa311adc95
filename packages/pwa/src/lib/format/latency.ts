/** The dash shown for a missing value (an em dash). */
export const DASH = '—';

/**
 * A latency as spec §9 shows it: under 1000 ms in whole milliseconds, at
 * least 1 ("7 ms"); from 1000 ms in seconds with two decimals ("1.25 s"); missing → "—".
 */
export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return DASH;
  if (ms < 1000) return `${Math.max(1, Math.round(ms))} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}
