import { loadavg } from 'node:os';

/** The 1-minute load average while a phase ran: at its start and end, and sampled every second. */
export type LoadDuring = { readonly start: number[]; readonly end: number[]; readonly mean1m: number; readonly max1m: number };

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Samples `os.loadavg()` once a second until `stop()`: the machine is shared, so every figure says what ran beside it. */
export function sampleLoad(): { stop(): LoadDuring } {
  const start = loadavg().map(round2);
  const samples: number[] = [start[0]!];
  const timer = setInterval(() => samples.push(loadavg()[0]!), 1_000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      const end = loadavg().map(round2);
      samples.push(end[0]!);
      return { start, end, mean1m: round2(samples.reduce((a, b) => a + b, 0) / samples.length), max1m: round2(Math.max(...samples)) };
    },
  };
}

/** "0.8 → 1.2 (mean 1.0, max 1.3)" */
export function loadText(load: LoadDuring): string {
  return `${load.start[0]} → ${load.end[0]} (mean ${load.mean1m}, max ${load.max1m})`;
}
