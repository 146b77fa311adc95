import type { SignalStatus, WebhookLogView } from '@hyperhook/domain';
import { latencyOf } from './latency';
import { isInFlight, STATUS_CHIP_ORDER } from './statuses';

/** TAB-LOGS-08: the success rate is green from this whole percent up. */
export const SUCCESS_RATE_GOOD_FROM = 80;

/** The figures of the four cards and the status chips. */
export interface LogsSummary {
  /** TAB-LOGS-06. */
  readonly signals: number;
  /** TAB-LOGS-07: round(executed / total × 100); null with no signals (shown "—", TAB-LOGS-13 decided). */
  readonly successRate: number | null;
  /** TAB-LOGS-08, TAB-LOGS-13 decided: judged on the rounded rate. */
  readonly successTone: 'good' | 'warn' | null;
  /** TAB-LOGS-09. */
  readonly failed: number;
  /** TAB-LOGS-10, STATE-06: validating + executing. */
  readonly inFlight: number;
  /** TAB-LOGS-11: mean latency of the executed logs; null when none has one (shown "—"). */
  readonly avgLatencyMs: number | null;
  /** TAB-LOGS-12: when the newest signal arrived; null with none. */
  readonly lastSignalAt: string | null;
  /** TAB-LOGS-14: logs per status. */
  readonly counts: Readonly<Record<SignalStatus, number>>;
}

/** Sums up the logs of the chosen timeframe (TAB-LOGS-13 decided: status and search do not narrow the cards). */
export function summarizeLogs(logs: readonly WebhookLogView[]): LogsSummary {
  const counts = Object.fromEntries(STATUS_CHIP_ORDER.map((status) => [status, 0])) as Record<SignalStatus, number>;
  for (const log of logs) counts[log.status] += 1;
  const signals = logs.length;
  const successRate = signals === 0 ? null : Math.round((counts.executed / signals) * 100);
  const latencies = logs.filter((log) => log.status === 'executed').map(latencyOf).filter((ms) => ms !== undefined);
  const newest = logs.reduce<string | null>((latest, log) => (latest === null || Date.parse(log.createdAt) > Date.parse(latest) ? log.createdAt : latest), null);
  return {
    signals,
    successRate,
    successTone: successRate === null ? null : successRate >= SUCCESS_RATE_GOOD_FROM ? 'good' : 'warn',
    failed: counts.failed,
    inFlight: logs.filter((log) => isInFlight(log.status)).length,
    avgLatencyMs: latencies.length === 0 ? null : latencies.reduce((a, b) => a + b, 0) / latencies.length,
    lastSignalAt: newest,
    counts,
  };
}
