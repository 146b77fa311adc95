import { StatCard } from '../../components/StatCard';
import { TimeAgo } from '../../components/TimeAgo';
import { DASH, formatLatency } from '../../lib/format/latency';
import type { LogsSummary } from './model/summarizeLogs';

/** The four cards over the chosen timeframe. */
export function LogsSummaryCards({ summary, timeframeLabel, now }: { summary: LogsSummary; timeframeLabel: string; now: number }) {
  return (
    <div className="stats" role="group" aria-label="Webhook summary">
      <StatCard label="Signals" value={summary.signals} detail={timeframeLabel} />
      <StatCard
        label="Success Rate"
        value={summary.successRate === null ? DASH : `${summary.successRate}%`}
        tone={summary.successTone ?? undefined}
        detail={summary.guarded === 0 ? `${summary.failed} failed` : `${summary.failed} failed · ${summary.guarded} held back by guards`}
      />
      <StatCard label="In Flight" value={summary.inFlight} detail={`${summary.counts.validating} validating · ${summary.counts.executing} executing`} />
      <StatCard
        label="Avg Latency"
        value={formatLatency(summary.avgLatencyMs)}
        detail={
          <>
            Last signal <TimeAgo iso={summary.lastSignalAt} now={now} />
          </>
        }
      />
    </div>
  );
}
