// What the bench reads from the running product between and after rows: its own /metrics (signal
// statuses, webhook acks, event-loop delay, memory) and the simulator's order counts.
import { readFileSync } from 'node:fs';
import { parseMetrics, type MetricSample } from '../../packages/api/src/testing/scrapeMetrics.js';
import { requestWeight } from '../../packages/hyperliquid/src/venue/requestWeight.js';

/** One scrape of the product's /metrics, reduced to what a row reports. */
export type ProductSample = {
  /** Signals that reached each status (received, validating, executing, executed, failed). */
  readonly statuses: Readonly<Record<string, number>>;
  /** Final statuses reached: executed + failed. */
  readonly final: number;
  /** Events in the log not yet applied to the read models (what the webhook logs and positions show lags by this). */
  readonly projectionLag: number;
  /** Event-loop delay of the api's thread since the previous scrape (prom-client resets its histogram on each collect), ms beyond the sampling interval. */
  readonly loopDelayP99Ms: number;
  readonly loopDelayMaxMs: number;
  readonly rssMiB: number;
  readonly heapUsedMiB: number;
  /** The main thread's V8 heap as reserved by V8 (nodejs_heap_size_total_bytes). */
  readonly heapTotalMiB: number;
  /** The other threads' V8 heaps in use (hyperhook_thread_heap_used_bytes), MiB by thread. */
  readonly threadHeapsMiB: Readonly<Record<string, number>>;
  /** The memory the other threads' V8 heaps hold (hyperhook_thread_heap_physical_bytes), MiB by thread. */
  readonly threadHeapsPhysicalMiB: Readonly<Record<string, number>>;
};

/**
 * prom-client samples the event loop with a 10 ms timer (its default eventLoopMonitoringPrecision,
 * which the api keeps) and reports the whole interval: an idle loop reads 10 ms. Rows report the
 * delay beyond it.
 */
const LOOP_SAMPLING_MS = 10;
const beyondSampling = (seconds: number): number => Number(Math.max(0, seconds * 1000 - LOOP_SAMPLING_MS).toFixed(2));

const value = (samples: readonly MetricSample[], name: string, labels: Record<string, string> = {}): number =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);

const byThreadMiB = (samples: readonly MetricSample[], name: string): Record<string, number> =>
  Object.fromEntries(samples.filter((s) => s.name === name).map((s) => [s.labels.thread ?? '?', Math.round(s.value / 2 ** 20)]));

/**
 * The product's own meter of the venue's per-IP weight (its /metrics; both networks' meters summed,
 * only testnet is used here) and its signals' final statuses: weight taken since start, weight in
 * its last minute and the budget it keeps to, requests that waited for room, 429 answers it got.
 */
export type MeterSample = {
  readonly weight: number;
  readonly used: number;
  readonly budget: number;
  readonly waited: number;
  readonly rateLimited: number;
  readonly executed: number;
  readonly failed: number;
  /** Requests that waited for room and the seconds they waited, by priority: empty where the product does not report them (before issue 28). */
  readonly waitsByPriority: Readonly<Record<string, number>>;
  readonly waitSecondsByPriority: Readonly<Record<string, number>>;
};

/** A metric's samples summed by one label (the networks added up). */
const byLabel = (samples: readonly MetricSample[], name: string, label: string): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const s of samples.filter((x) => x.name === name)) out[s.labels[label] ?? '?'] = (out[s.labels[label] ?? '?'] ?? 0) + s.value;
  return out;
};

/**
 * One GET of the product's /metrics. Each scrape resets prom-client's event-loop histogram, so a
 * caller that wants both the meter and the product's figures of one interval reads them from one
 * scrape ({@link meterSampleOf}, {@link productSampleOf}) rather than scraping twice.
 */
export async function scrapeProduct(origin: string): Promise<MetricSample[]> {
  const answer = await fetch(`${origin}/metrics`);
  if (answer.status !== 200) throw new Error(`/metrics answered ${answer.status}`);
  return parseMetrics(await answer.text());
}

export async function sampleMeter(origin: string): Promise<MeterSample> {
  return meterSampleOf(await scrapeProduct(origin));
}

export function meterSampleOf(samples: readonly MetricSample[]): MeterSample {
  return {
    weight: value(samples, 'hyperhook_exchange_weight_total'),
    used: value(samples, 'hyperhook_exchange_weight_used'),
    // One budget per network, the same figure: not a sum.
    budget: Math.max(0, ...samples.filter((s) => s.name === 'hyperhook_exchange_weight_budget').map((s) => s.value)),
    waited: value(samples, 'hyperhook_exchange_budget_waits_total'),
    rateLimited: value(samples, 'hyperhook_exchange_rate_limited_total'),
    executed: value(samples, 'hyperhook_signals_total', { status: 'executed' }),
    failed: value(samples, 'hyperhook_signals_total', { status: 'failed' }),
    waitsByPriority: byLabel(samples, 'hyperhook_exchange_budget_priority_waits_total', 'priority'),
    waitSecondsByPriority: byLabel(samples, 'hyperhook_exchange_budget_wait_seconds_total', 'priority'),
  };
}

export async function sampleProduct(origin: string): Promise<ProductSample> {
  return productSampleOf(await scrapeProduct(origin));
}

export function productSampleOf(samples: readonly MetricSample[]): ProductSample {
  const statuses: Record<string, number> = {};
  for (const s of samples.filter((x) => x.name === 'hyperhook_signals_total')) statuses[s.labels.status ?? '?'] = s.value;
  return {
    statuses,
    final: (statuses.executed ?? 0) + (statuses.failed ?? 0),
    projectionLag: value(samples, 'hyperhook_projection_lag_events'),
    loopDelayP99Ms: beyondSampling(value(samples, 'nodejs_eventloop_lag_p99_seconds')),
    loopDelayMaxMs: beyondSampling(value(samples, 'nodejs_eventloop_lag_max_seconds')),
    rssMiB: Math.round(value(samples, 'process_resident_memory_bytes') / 2 ** 20),
    heapUsedMiB: Math.round(value(samples, 'nodejs_heap_size_used_bytes') / 2 ** 20),
    heapTotalMiB: Math.round(value(samples, 'nodejs_heap_size_total_bytes') / 2 ** 20),
    threadHeapsMiB: byThreadMiB(samples, 'hyperhook_thread_heap_used_bytes'),
    threadHeapsPhysicalMiB: byThreadMiB(samples, 'hyperhook_thread_heap_physical_bytes'),
  };
}

/**
 * A process's resident memory split as the kernel counts it (/proc/<pid>/status, MiB): anonymous
 * (heaps, malloc: what a leak grows) and file-backed (mapped files, here SQLite's WAL index, which
 * grows and shrinks with the WAL and is given back under memory pressure).
 */
export function residentSplit(pid: number): { anonMiB: number; fileMiB: number } {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return { anonMiB: Number.NaN, fileMiB: Number.NaN };
  }
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { anonMiB: Math.round(kib('RssAnon') / 1024), fileMiB: Math.round((kib('RssFile') + kib('RssShmem')) / 1024) };
}

/** Memory and event-loop delay sampled at an interval while a long row runs (the soak): is memory flat? */
export function traceProduct(origin: string, everyMs: number, pid: number): { stop(): Promise<(ProductSample & ReturnType<typeof residentSplit>)[]> } {
  const samples: (ProductSample & ReturnType<typeof residentSplit>)[] = [];
  let sampling: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => void samples.push({ ...(await sampleProduct(origin)), ...residentSplit(pid) }));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      return samples;
    },
  };
}

/** Scrapes every 250 ms until a sample satisfies `done`; resolves with that sample, or the last one at the deadline. */
async function waitForSample(
  origin: string,
  done: (sample: ProductSample) => boolean,
  timeoutMs: number,
): Promise<{ sample: ProductSample; afterMs: number; complete: boolean }> {
  const started = performance.now();
  for (;;) {
    const sample = await sampleProduct(origin);
    const afterMs = Math.round(performance.now() - started);
    if (done(sample)) return { sample, afterMs, complete: true };
    if (afterMs > timeoutMs) return { sample, afterMs, complete: false };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until `expected` signals have reached a final status; resolves with the sample that saw it, or the last one at the deadline. */
export function waitForFinal(origin: string, expected: number, timeoutMs: number): Promise<{ sample: ProductSample; afterMs: number; complete: boolean }> {
  return waitForSample(origin, (sample) => sample.final >= expected, timeoutMs);
}

/** The simulator's counters: orders per client order id, when each cloid's first order arrived, every request by endpoint and type ("info allMids", "exchange order"), requests its IP budget refused (429), weight in its current minute per client IP. */
export type SimCounts = {
  readonly ordersByCloid: Record<string, number>;
  readonly firstOrderArrivalByCloid?: Record<string, number>;
  readonly requestsByType: Record<string, number>;
  readonly rateLimited?: number;
  readonly ipWeight?: Record<string, number>;
};

/** The weight the simulator counts in its rolling minute, every client IP together (the product is the only client). */
export const simWindowWeight = (counts: Pick<SimCounts, 'ipWeight'>): number => Object.values(counts.ipWeight ?? {}).reduce((a, b) => a + b, 0);

export async function simCounts(simOrigin: string): Promise<SimCounts> {
  return (await (await fetch(`${simOrigin}/control/stats`)).json()) as SimCounts;
}

/** The simulator's counters without its per-order maps, which grow with every order: for sampling while the load runs. */
export async function simTotals(simOrigin: string): Promise<Omit<SimCounts, 'ordersByCloid' | 'firstOrderArrivalByCloid'>> {
  return (await (await fetch(`${simOrigin}/control/totals`)).json()) as Omit<SimCounts, 'ordersByCloid' | 'firstOrderArrivalByCloid'>;
}

/** Requests per alert between two counts, by type, most first: "exchange order 1.00, info clearinghouseState 0.40 (total 1.40)". */
export function requestsPerAlert(before: Record<string, number>, after: Record<string, number>, alerts: number): string {
  const per = Object.entries(after)
    .map(([type, count]) => [type, (count - (before[type] ?? 0)) / Math.max(1, alerts)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = per.reduce((sum, [, n]) => sum + n, 0);
  return `${per.map(([type, n]) => `${type} ${n.toFixed(2)}`).join(', ')} (total ${total.toFixed(2)})`;
}

/** More than one order for a cloid is an order sent twice. */
export function ordersSentTwice(stats: SimCounts): { orders: number; twice: number } {
  const counts = Object.values(stats.ordersByCloid);
  return { orders: counts.reduce((a, b) => a + b, 0), twice: counts.filter((n) => n > 1).length };
}

/** A request type's weight at the venue ("exchange order" 1, "info clearinghouseState" 2, …), one order per action. */
function weightOfType(type: string): number {
  const [endpoint, name] = type.split(' ');
  return requestWeight(endpoint === 'exchange' ? 'exchange' : 'info', endpoint === 'exchange' ? { action: { type: name, orders: [{}] } } : { type: name });
}

/**
 * Venue weight per alert between two counts (reference §4.1 weights by request type; the fills
 * reads' per-20-items surcharge is not counted): "2.31 (exchange order 1.00, info userFillsByTime 0.80, …)".
 */
export function weightPerAlert(before: Record<string, number>, after: Record<string, number>, alerts: number): string {
  const per = Object.entries(after)
    .map(([type, count]) => [type, ((count - (before[type] ?? 0)) * weightOfType(type)) / Math.max(1, alerts)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = per.reduce((sum, [, n]) => sum + n, 0);
  return `${total.toFixed(2)} (${per.map(([type, n]) => `${type} ${n.toFixed(2)}`).join(', ')})`;
}

/**
 * Waits until the read models hold every event of the log (the projector's lag reads 0), so what
 * the webhook logs show is the log's final word; resolves with how long it took, and whether it did.
 */
export function waitForReadModels(origin: string, timeoutMs: number): Promise<{ afterMs: number; complete: boolean }> {
  return waitForSample(origin, (sample) => sample.projectionLag === 0, timeoutMs);
}
