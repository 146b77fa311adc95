import type { WebhookLogStages } from '@hyperhook/domain';
import { formatLatency } from '../../lib/format/latency';
import { buildWaterfall } from './model/waterfall';

/** Bars shorter than this share of the whole still show as a sliver. */
const MIN_BAR_PERCENT = 1.5;

const percent = (part: number, whole: number) => (whole <= 0 ? 0 : (part / whole) * 100);

/**
 * Where a signal's time went, stage by stage (received → … → filled, after the alert source when
 * the payload says when it fired): a list of intervals, each with its bar, duration and what
 * happened in it; the slowest is named "slowest", not only coloured.
 */
export function LatencyWaterfall({ stages, alertTime }: { stages: WebhookLogStages; alertTime: string | null }) {
  const { steps, totalMs } = buildWaterfall(stages, alertTime);
  if (steps.length === 0) return <p className="muted logs-waterfall__none">No stage timings yet.</p>;
  return (
    <div className="logs-waterfall" role="group" aria-label="Latency waterfall">
      <p className="logs-box__title">
        Latency waterfall <span className="muted num">(total {formatLatency(totalMs)})</span>
      </p>
      <ol className="logs-waterfall__steps">
        {steps.map((step) => (
          <li key={step.key} className={step.slowest ? 'logs-waterfall__step logs-waterfall__step--slowest' : 'logs-waterfall__step'}>
            <span className="logs-waterfall__label">
              {step.label}
              {step.slowest && <span className="badge badge--yellow logs-waterfall__slowest">slowest</span>}
            </span>
            <span className="logs-waterfall__track" aria-hidden="true">
              <span
                className="logs-waterfall__bar"
                style={{
                  marginLeft: `${Math.min(percent(step.offsetMs, totalMs), 100 - MIN_BAR_PERCENT)}%`,
                  width: `${Math.max(MIN_BAR_PERCENT, percent(step.durationMs, totalMs))}%`,
                }}
              />
            </span>
            <span className="logs-waterfall__ms num">{formatLatency(step.durationMs)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
