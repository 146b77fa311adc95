import { percentile } from '../executor/percentile.js';

/** One second of a run: the p99 and the slowest of the latencies timed from within it. */
export type WorstSecond = { readonly second: number; readonly p99: number; readonly max: number };

/** Latencies grouped by the second of the run they started in (from its first moment). */
export class LatencyBySecond {
  readonly #seconds = new Map<number, number[]>();

  /** Adds `latency`, timed from `at` (ms since the run's start). */
  add(at: number, latency: number): void {
    const second = Math.floor(at / 1000);
    const inSecond = this.#seconds.get(second);
    if (inSecond === undefined) this.#seconds.set(second, [latency]);
    else inSecond.push(latency);
  }

  /** The five seconds whose slowest latency was slowest, worst first: whether a tail is spread or a few stalls. */
  worst(): WorstSecond[] {
    return [...this.#seconds]
      .map(([second, values]) => ({ second, p99: Number(percentile(values, 99).toFixed(1)), max: Number(Math.max(...values).toFixed(1)) }))
      .sort((a, b) => b.max - a.max)
      .slice(0, 5);
  }
}

/** The bench tables' form of worst seconds: `s: p99 / max`, comma-separated. */
export function worstSecondsText(worst: readonly WorstSecond[]): string {
  return worst.map((w) => `${w.second}: ${w.p99} / ${w.max}`).join(', ');
}
