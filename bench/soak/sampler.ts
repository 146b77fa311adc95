// One sample of the running product, every interval of the soak: one /metrics scrape (memory,
// heaps, event-loop delay, signal counts, the product's own venue meter), the product process's
// open file descriptors and resident memory from /proc, the store's WAL, and the simulator's weight.
import { readdirSync, readlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  meterSampleOf,
  productSampleOf,
  residentSplit,
  scrapeProduct,
  simTotals,
  simWindowWeight,
  type MeterSample,
  type ProductSample,
} from '../product/productProbe.js';
import type { StoreProbe } from './storeProbe.js';

export type RawSample = {
  /** Wall clock (epoch ms) when the sample was taken. */
  readonly at: number;
  readonly product: ProductSample;
  readonly meter: MeterSample;
  readonly anonMiB: number;
  readonly fileMiB: number;
  readonly fds: FdCount;
  readonly walBytes: number | null;
  readonly storeBytes: number | null;
  /** Weight the simulator counted in its rolling minute: what the product really cost the venue. */
  readonly simWeightPerMinute: number;
  /** How long the simulator's stats took to fetch: they grow with every order, and the simulator serves orders on the same loop. */
  readonly simStatsMs: number;
  readonly loadAverage1m: number;
};

/** A process's open descriptors, and how many of them are sockets (inbound alerts, the simulator, PostgreSQL). */
export type FdCount = { readonly total: number; readonly sockets: number };

export function countFds(pid: number): FdCount {
  let names: string[];
  try {
    names = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return { total: Number.NaN, sockets: Number.NaN };
  }
  let sockets = 0;
  for (const name of names) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${name}`).startsWith('socket:')) sockets += 1;
    } catch {
      // Closed between the listing and the read: it is not open any more.
    }
  }
  return { total: names.length, sockets };
}

export type SampleSources = { readonly origin: string; readonly simOrigin: string; readonly pid: number; readonly store: StoreProbe };

/**
 * Takes a sample. The /metrics scrape comes first and is the only one of the interval: prom-client
 * resets its event-loop histogram on every scrape, so the delay read here covers exactly the time
 * since the previous sample. The simulator's window is the venue weight the issue asks for (the
 * product's meter is its estimate); it is read from its totals, without the per-order maps that
 * grow with every order (megabytes by the end of a long soak, built on the loop that serves orders).
 */
export async function takeSample(sources: SampleSources): Promise<RawSample> {
  const metrics = await scrapeProduct(sources.origin);
  const at = Date.now();
  const simStarted = performance.now();
  const timedSim = simTotals(sources.simOrigin).then((counts) => ({ counts, ms: Math.round(performance.now() - simStarted) }));
  const [sim, walBytes, storeBytes] = await Promise.all([timedSim, sources.store.walBytes(), sources.store.storeBytes()]);
  return {
    at,
    product: productSampleOf(metrics),
    meter: meterSampleOf(metrics),
    ...residentSplit(sources.pid),
    fds: countFds(sources.pid),
    walBytes,
    storeBytes,
    simWeightPerMinute: simWindowWeight(sim.counts),
    simStatsMs: sim.ms,
    loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}
