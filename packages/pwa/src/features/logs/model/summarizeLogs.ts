import type { SignalStatus, WebhookLogView } from '@hyperhook/domain';
import { latencyOf } from './latency';
import { isInFlight, STATUS_CHIP_ORDER } from '../../../entities/signals/statuses';

/** The success rate is green from this whole percent up. */
export const SUCCESS_RATE_GOOD_FROM = 80;

/** The figures of the four cards and the status chips. */
export interface LogsSummary {
  /** The "Signals" card: logs in the chosen timeframe. */
  readonly signals: number;
  /** Round(executed / total × 100); null with no signals (shown "—"). */
  readonly successRate: number | null;
  /** Judged on the rounded rate. */
  readonly successTone: 'good' | 'warn' | null;
  /** The "Success Rate" card's failed count. */
  readonly failed: number;
  /** Of those, the entries a strategy's guard held back (issue 42). */
  readonly guarded: number;
  /** Validating + executing. */
  readonly inFlight: number;
  /** Mean latency of the executed logs; null when none has one (shown "—"). */
  readonly avgLatencyMs: number | null;
  /** When the newest signal arrived; null with none. */
  readonly lastSignalAt: string | null;
  /** Logs per status. */
  readonly counts: Readonly<Record<SignalStatus, number>>;
}

/** Sums up the logs of the chosen timeframe (status and search do not narrow the cards). */
export function summarizeLogs(logs: readonly WebhookLogView[]): LogsSummary {
  const counts = Object.fromEntries(STATUS_CHIP_ORDER.map((status) => [status, 0])) as Record<SignalStatus, number>;
  for (const log of logs) counts[log.status] += 1;
  const signals = logs.length;
  const successRate = signals === 0 ? null : Math.round((counts.executed / signals) * 100);
  const latencies = logs
    .filter((log) => log.status === 'executed')
    .map(latencyOf)
    .filter((ms) => ms !== undefined);
  const newest = logs.reduce<string | null>(
    (latest, log) => (latest === null || Date.parse(log.createdAt) > Date.parse(latest) ? log.createdAt : latest),
    null,
  );
  return {
    signals,
    successRate,
    successTone: successRate === null ? null : successRate >= SUCCESS_RATE_GOOD_FROM ? 'good' : 'warn',
    failed: counts.failed,
    guarded: logs.filter((log) => log.guard !== undefined).length,
    inFlight: logs.filter((log) => isInFlight(log.status)).length,
    avgLatencyMs: latencies.length === 0 ? null : latencies.reduce((a, b) => a + b, 0) / latencies.length,
    lastSignalAt: newest,
    counts,
  };
}
