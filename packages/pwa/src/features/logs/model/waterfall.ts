import type { WebhookLogStages } from '@hyperhook/domain';

type StageKey = keyof WebhookLogStages;

/** A signal's stages, in the order they happen. */
export const STAGE_ORDER: readonly StageKey[] = ['received', 'validated', 'sized', 'signed', 'sent', 'acknowledged', 'filled'];

/** What happened in the interval that ends at each stage, in a trader's words. */
export const STEP_LABEL: Readonly<Record<Exclude<StageKey, 'received'>, string>> = {
  validated: 'Validate & read market',
  sized: 'Size order',
  signed: 'Sign',
  sent: 'Send',
  acknowledged: 'Exchange',
  filled: 'Fill',
};

/** The first interval when the payload says when the alert fired: shows a slow alert source. */
export const ALERT_SOURCE_LABEL = 'Alert source → received';

/** One bar of the waterfall. */
export interface WaterfallStep {
  /** The stage the interval ends at, or `source` for the alert source's interval. */
  readonly key: StageKey | 'source';
  readonly label: string;
  /** Where the bar starts, in ms after the first point. */
  readonly offsetMs: number;
  readonly durationMs: number;
  readonly slowest: boolean;
}

/** The bars of one log and their total. */
export interface Waterfall {
  readonly steps: WaterfallStep[];
  readonly totalMs: number;
}

/**
 * The latency waterfall of a log: one interval between each recorded stage and the next one
 * recorded (stages not recorded are skipped), preceded by "alert fired → received" when the
 * payload carries the alert's time. Clocks differ (TradingView's, the exchange's), so an interval
 * that comes out negative counts as 0. The slowest interval is marked when there are several.
 */
export function buildWaterfall(stages: WebhookLogStages, alertTime: string | null = null): Waterfall {
  const points: { key: StageKey | 'source'; at: number }[] = [];
  const sourceAt = alertTime === null ? Number.NaN : Date.parse(alertTime);
  if (Number.isFinite(sourceAt)) points.push({ key: 'source', at: sourceAt });
  for (const key of STAGE_ORDER) {
    const at = Date.parse(stages[key] ?? '');
    if (Number.isFinite(at)) points.push({ key, at });
  }

  let offsetMs = 0;
  const steps: Omit<WaterfallStep, 'slowest'>[] = [];
  for (let i = 1; i < points.length; i += 1) {
    const from = points[i - 1] as (typeof points)[number];
    const to = points[i] as (typeof points)[number];
    const durationMs = Math.max(0, to.at - from.at);
    const key = from.key === 'source' ? 'source' : (to.key as Exclude<StageKey, 'received'>);
    steps.push({ key, label: key === 'source' ? ALERT_SOURCE_LABEL : STEP_LABEL[key], offsetMs, durationMs });
    offsetMs += durationMs;
  }

  const longest = Math.max(0, ...steps.map((s) => s.durationMs));
  const slowestIndex = steps.length > 1 && longest > 0 ? steps.findIndex((s) => s.durationMs === longest) : -1;
  return { steps: steps.map((step, index) => ({ ...step, slowest: index === slowestIndex })), totalMs: offsetMs };
}
