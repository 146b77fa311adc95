/** Latency samples in milliseconds, summarised. */
export type LatencySummary = { readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number };

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** p50 / p99 / max of latency samples (ms). */
export function summarise(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1) ?? Number.NaN };
}

/** Wall time and this process's CPU time (user + system) of a run, in ms. */
export type Timing = { readonly wallMs: number; readonly cpuMs: number };

/**
 * Runs `fn` and returns its wall and CPU time. On a shared, overloaded machine the wall rate
 * mostly measures the neighbours; the rate per CPU-second is what the code itself costs.
 */
export async function timed(fn: () => Promise<void>): Promise<Timing> {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await fn();
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Events (or operations) per second. */
export function perSecond(count: number, elapsedMs: number): number {
  return Math.round((count / elapsedMs) * 1000);
}

/** Formats a number for the markdown table. */
export function fmt(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—';
}
