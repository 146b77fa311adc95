// The soak's samples as the series it plots and judges: which figures, in which units, and how far
// each may move and still count as flat.
import type { OpenLoopResult } from '../ingress/openLoopLoad.js';
import type { Tolerance } from './flatness.js';
import type { RawSample } from './sampler.js';

/** One generator window's answer, as the soak received it (bench clock, epoch ms). */
export type SoakWindow = { readonly receivedAt: number; readonly result: OpenLoopResult; readonly cpuMs: number };

/** A series: judged for flatness when it has a tolerance, otherwise shown for context with a note. */
export type SoakLine = { readonly label: string; readonly values: readonly (number | null)[]; readonly tolerance?: Tolerance; readonly note?: string };
export type SoakPanel = { readonly title: string; readonly unit: string; readonly lines: readonly SoakLine[] };

/**
 * Flat within 10% of the middle third's mean, or an absolute floor where the figure is small
 * enough for noise to be more than 10% of it (a few milliseconds of loop delay, a few descriptors).
 */
const within = (absolute: number): Tolerance => ({ relative: 0.1, absolute });

const MiB = (bytes: number | null): number | null => (bytes === null ? null : Math.round((bytes / 2 ** 20) * 100) / 100);

/** The windows whose answers arrived after `from` and up to `to`: usually one per sample. */
function windowsIn(windows: readonly SoakWindow[], from: number, to: number): SoakWindow[] {
  return windows.filter((w) => w.receivedAt > from && w.receivedAt <= to);
}

/**
 * The series of a soak: `samples[0]` is taken before the load, so per-interval figures (rates, loop
 * delay, ack latency) start at the second sample; times are seconds since the first sample.
 */
export function soakPanels(samples: readonly RawSample[], windows: readonly SoakWindow[], walLabel: string): { times: number[]; panels: SoakPanel[] } {
  const start = samples[0]?.at ?? 0;
  const times = samples.map((s) => Math.round((s.at - start) / 100) / 10);
  const perInterval = (pick: (s: RawSample, previous: RawSample) => number | null) =>
    samples.map((s, i) => (i === 0 ? null : pick(s, samples[i - 1] as RawSample)));
  const perSecond = (count: (s: RawSample) => number) => perInterval((s, p) => Math.round(((count(s) - count(p)) / ((s.at - p.at) / 1000)) * 10) / 10);
  // Several windows in one interval (a late sample) report their worst: a slow window is not averaged away.
  const ack = (pick: (r: OpenLoopResult) => number) =>
    perInterval((s, p) => {
      const inside = windowsIn(windows, p.at, s.at);
      return inside.length === 0 ? null : Math.max(...inside.map((w) => pick(w.result)));
    });
  const threads = [...new Set(samples.flatMap((s) => Object.keys(s.product.threadHeapsMiB)))].sort();
  const panels: SoakPanel[] = [
    {
      title: 'Product process memory',
      unit: 'MiB',
      lines: [
        { label: 'RSS', values: samples.map((s) => s.product.rssMiB), tolerance: within(16) },
        // What a leak grows: heaps and malloc, without the mapped files (the WAL index) the kernel can take back.
        { label: 'anonymous', values: samples.map((s) => (Number.isFinite(s.anonMiB) ? s.anonMiB : null)), tolerance: within(16) },
      ],
    },
    {
      title: 'V8 heap used, main thread (api)',
      unit: 'MiB',
      lines: [{ label: 'main', values: samples.map((s) => s.product.heapUsedMiB), tolerance: within(8) }],
    },
    {
      title: 'V8 heap used, other threads',
      unit: 'MiB',
      lines: threads.map((thread) => ({ label: thread, values: samples.map((s) => s.product.threadHeapsMiB[thread] ?? null), tolerance: within(8) })),
    },
    {
      title: 'Open file descriptors',
      unit: 'count',
      lines: [
        { label: 'all', values: samples.map((s) => (Number.isFinite(s.fds.total) ? s.fds.total : null)), tolerance: within(10) },
        { label: 'sockets', values: samples.map((s) => (Number.isFinite(s.fds.sockets) ? s.fds.sockets : null)), tolerance: within(10) },
      ],
    },
    { title: `Write-ahead log: ${walLabel}`, unit: 'MiB', lines: [{ label: 'size', values: samples.map((s) => MiB(s.walBytes)), tolerance: within(4) }] },
    {
      title: 'Event-loop delay p99, main thread',
      unit: 'ms beyond the 10 ms sampling, per interval',
      lines: [{ label: 'p99', values: perInterval((s) => s.product.loopDelayP99Ms), tolerance: within(5) }],
    },
    {
      title: 'Venue weight in the rolling minute',
      unit: 'weight',
      lines: [
        { label: 'simulator', values: samples.map((s) => s.simWeightPerMinute), tolerance: within(60) },
        { label: 'product meter', values: samples.map((s) => s.meter.used), note: 'estimate' },
      ],
    },
    {
      title: 'Alerts',
      unit: 'per second',
      lines: [
        { label: 'accepted', values: perSecond((s) => s.product.statuses.received ?? 0), tolerance: within(1) },
        { label: 'final status', values: perSecond((s) => s.product.final), tolerance: within(1) },
      ],
    },
    {
      title: 'Webhook ack latency, per generator window',
      unit: 'ms',
      lines: [
        { label: 'p50', values: ack((r) => r.p50), tolerance: within(5) },
        { label: 'p99', values: ack((r) => r.p99), tolerance: within(5) },
      ],
    },
    { title: 'Store size', unit: 'MiB', lines: [{ label: 'size', values: samples.map((s) => MiB(s.storeBytes)), note: 'grows with the event log' }] },
    { title: 'Machine load average, 1 min', unit: '2 cores, shared', lines: [{ label: 'load', values: samples.map((s) => s.loadAverage1m), note: 'context' }] },
  ];
  return { times, panels };
}
