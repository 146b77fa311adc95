// Open-loop (constant-rate) HTTP load, as wrk2 does it: request i is due at start + i/rate,
// whatever happened to the requests before it, and its latency runs from that due time to the
// end of its response. A stalled server (or client) therefore shows up in the numbers instead of
// quietly lowering the offered load ("coordinated omission").
//
// Why not autocannon's overallRate: each of its connections sends its whole per-second budget
// back to back at the top of every second and then waits for the next second, so a "2,000 req/s"
// run is a max-throughput burst followed by silence; and it corrects for coordinated omission
// with an expected interval of ceil(1 / rate) = 1 ms, which adds invented samples. autocannon
// stays in use for the closed-loop max-throughput row.
import { Pool } from 'undici';
import { percentile } from '../executor/percentile.js';
import { LatencyBySecond, type WorstSecond } from './worstSeconds.js';

/** One constant-rate run. */
export type OpenLoopOptions = {
  readonly origin: string;
  /** The path of request `i` (one path, or one per request: e.g. each user's webhook URL in turn). */
  readonly path: string | ((i: number) => string);
  readonly ratePerSecond: number;
  readonly durationS: number;
  readonly connections: number;
  /** The body of request i (so every alert can carry its own id). */
  readonly body: (i: number) => string;
  readonly headers?: Record<string, string>;
  /**
   * A cheap GET path to open every connection on before the clock starts (wrk2 connects first,
   * too): without it the first second's latencies carry the generator's TCP handshakes and its
   * own cold code, not the server's.
   */
  readonly connectVia?: string;
};

/** What a run measured; latencies in ms from each request's due time. */
export type OpenLoopResult = {
  readonly sent: number;
  readonly rps: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly p999: number;
  readonly max: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  /** p99 of how late the generator itself issued requests (timer granularity, its own pauses). */
  readonly sendLagP99: number;
  /** The seconds of the run (by due time) whose slowest answer was slowest, worst first: whether a tail is spread or a few stalls. */
  readonly worstSeconds: readonly WorstSecond[];
};

/**
 * How many requests are due `elapsedMs` into a run: request i is due at i / rate, so request 0 is
 * due at once and i at exactly its time, never one interval later (which would add 1 / rate to
 * every latency: 20 ms at 50/s).
 */
export function dueCount(elapsedMs: number, ratePerSecond: number, total: number): number {
  return Math.min(total, Math.floor((elapsedMs * ratePerSecond) / 1000) + 1);
}

/** Sends `ratePerSecond × durationS` POSTs on a schedule and resolves when every answer is in. */
export async function openLoopLoad(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const pool = new Pool(options.origin, { connections: options.connections, pipelining: 1 });
  const total = Math.round(options.ratePerSecond * options.durationS);
  const latencies: number[] = [];
  const bySecond = new LatencyBySecond();
  const sendLags: number[] = [];
  if (options.connectVia !== undefined) {
    const path = options.connectVia;
    // Twice over, all at once: each round needs every connection, so the pool opens them all.
    for (let round = 0; round < 2; round += 1) {
      await Promise.all(Array.from({ length: options.connections }, () => pool.request({ path, method: 'GET' }).then((response) => response.body.dump())));
    }
  }
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let finished = 0;
  const start = performance.now();

  await new Promise<void>((resolve) => {
    const settle = (): void => {
      finished += 1;
      if (finished === total) resolve();
    };
    const issue = (i: number, due: number): void => {
      sendLags.push(performance.now() - due);
      pool
        .request({
          path: typeof options.path === 'string' ? options.path : options.path(i),
          method: 'POST',
          headers: options.headers ?? {},
          body: options.body(i),
        })
        .then(async (response) => {
          await response.body.dump();
          const latency = performance.now() - due;
          latencies.push(latency);
          bySecond.add(due - start, latency);
          if (response.statusCode >= 200 && response.statusCode < 300) ok += 1;
          else non2xx += 1;
        })
        .catch(() => void (errors += 1))
        .finally(settle);
    };
    // Timers fire about once a millisecond at best: each tick sends every request that has come
    // due since the last one, each still timed from its own due time.
    const tick = (): void => {
      const due = dueCount(performance.now() - start, options.ratePerSecond, total);
      while (sent < due) {
        issue(sent, start + (sent * 1000) / options.ratePerSecond);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const elapsedS = (performance.now() - start) / 1000;
  await pool.close();

  const at = (p: number) => Number(percentile(latencies, p).toFixed(2));
  return {
    sent,
    rps: Math.round(ok / elapsedS),
    p50: at(50),
    p90: at(90),
    p99: at(99),
    p999: at(99.9),
    max: Number(latencies.reduce((a, b) => Math.max(a, b), 0).toFixed(2)),
    ok,
    non2xx,
    errors,
    sendLagP99: Number(percentile(sendLags, 99).toFixed(2)),
    worstSeconds: bySecond.worst(),
  };
}
