import type { ParsedAlert } from '../alert/alertSchema.js';
import { Dec } from '../exchange/decimal.js';
import { breakEvenPrices } from './breakEven.js';
import { takeProfitTargets } from './takeProfits.js';
import type { ProtectionPlanPreview, TakeProfitPreview } from './protectionPlanPreviewSchema.js';
import { armTrail, TRAIL_MIN_MOVE_INTERVAL_MS, TRAIL_STEP_FRACTION } from './trailingStop.js';

const FRACTIONS: Readonly<Record<number, string>> = { 0.25: '¼', 0.5: '½', 0.2: '⅕', 0.1: '⅒' };

/** The trail's step rule in words, from the constants the keeper moves it by, so the text cannot drift from the rule. */
export function trailStepRuleText(fraction = TRAIL_STEP_FRACTION, intervalMs = TRAIL_MIN_MOVE_INTERVAL_MS): string {
  const part = FRACTIONS[fraction] ?? `${fraction * 100}%`;
  const seconds = intervalMs / 1000;
  const every = seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
  return `moves when it can tighten by ${part} of the distance, at most every ${every}`;
}

/**
 * What the executor would arm after the previewed entry fills (issue 41 §2), computed the way
 * armExits arms it but at the plan's reference price and size: null for a close, or an alert with
 * no take-profits, trail or break-even. Pure, so the api answers it and the PWA only shows it.
 */
export function protectionPlanPreview(
  alert: Pick<ParsedAlert, 'takeProfits' | 'trailingStop' | 'breakEven'>,
  plan: {
    readonly isBuy: boolean;
    readonly size: string;
    readonly referencePrice: string;
    readonly szDecimals: number;
    readonly reduceOnly: boolean;
    readonly children: readonly { readonly kind: 'tp' | 'sl'; readonly triggerPx: string }[];
  },
): ProtectionPlanPreview | null {
  if (plan.reduceOnly) return null;
  if (alert.takeProfits === undefined && alert.trailingStop === undefined && alert.breakEven === undefined) return null;
  const fillPx = plan.referencePrice;
  const isLong = plan.isBuy;
  const held = isLong ? plan.size : new Dec(plan.size).neg().toFixed();
  let preview: ProtectionPlanPreview = { fillPx };
  if (alert.takeProfits !== undefined) {
    const takeProfits = alert.takeProfits.map((ask): TakeProfitPreview => {
      const { targets, tooSmall } = takeProfitTargets([ask], fillPx, held, plan.szDecimals);
      const triggerPx = targets[0]?.triggerPx ?? tooSmall[0]!.triggerPx;
      return {
        triggerPx,
        ...(ask.offsetPercent !== undefined ? { offsetPercent: ask.offsetPercent } : {}),
        percent: ask.percent,
        size: targets[0]?.size ?? '0',
      };
    });
    // Nearest first: the order the price meets them, as the executor arms them.
    takeProfits.sort((a, b) => (isLong ? 1 : -1) * new Dec(a.triggerPx).cmp(b.triggerPx));
    preview = { ...preview, takeProfits };
  }
  if (alert.trailingStop !== undefined) {
    const armed = armTrail(alert.trailingStop, fillPx, isLong, plan.szDecimals);
    const stopLoss = plan.children.find((child) => child.kind === 'sl')?.triggerPx;
    if (armed !== null) {
      const ask = alert.trailingStop;
      preview = {
        ...preview,
        trailingStop: {
          ...(ask.percent !== undefined ? { percent: ask.percent } : {}),
          ...(ask.amount !== undefined ? { amount: ask.amount } : {}),
          ...(armed.trail.activationPx !== undefined ? { activationPx: armed.trail.activationPx } : {}),
          ...(ask.activationPercent !== undefined ? { activationPercent: ask.activationPercent } : {}),
          firstStopPx: stopLoss ?? armed.stopPx,
          stepRule: trailStepRuleText(),
        },
      };
    }
  }
  if (alert.breakEven !== undefined) {
    const prices = breakEvenPrices(fillPx, isLong, alert.breakEven, plan.szDecimals);
    if (prices !== null) preview = { ...preview, breakEven: { ...alert.breakEven, ...prices } };
  }
  return preview;
}
