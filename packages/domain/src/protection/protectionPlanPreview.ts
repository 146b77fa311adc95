import { z } from 'zod';
import type { ParsedAlert } from '../alert/alertSchema.js';
import { Dec } from '../exchange/decimal.js';
import { DecimalTextSchema } from '../exchange/decimalText.js';
import { breakEvenPrices } from './breakEven.js';
import { takeProfitTargets } from './takeProfits.js';
import { armTrail, TRAIL_MIN_MOVE_INTERVAL_MS, TRAIL_STEP_FRACTION } from './trailingStop.js';

/** One take-profit the alert asks for, as it would be armed on the previewed fill (issue 41 §2). */
export const TakeProfitPreviewSchema = z.object({
  triggerPx: DecimalTextSchema,
  /** Set when the trigger is counted from the fill ("+4% from the fill") rather than given as a price. */
  offsetPercent: z.number().positive().optional(),
  /** The part of the position it closes. */
  percent: z.number().positive(),
  /** Coins it closes at the previewed size; "0" when that part is less than one size step (it is then left out). */
  size: DecimalTextSchema,
});
/** A previewed take-profit. */
export type TakeProfitPreview = z.infer<typeof TakeProfitPreviewSchema>;

/** A trailing stop as it would be armed on the previewed fill, with the rule its moves follow. */
export const TrailPreviewSchema = z.object({
  percent: z.number().positive().optional(),
  amount: z.number().positive().optional(),
  /** Where it starts to follow the price; absent, from the start. */
  activationPx: DecimalTextSchema.optional(),
  activationPercent: z.number().positive().optional(),
  /** The stop placed at once: the alert's stop-loss, else the distance behind the fill. */
  firstStopPx: DecimalTextSchema,
  /** The step rule in words: TRAIL_STEP_FRACTION and TRAIL_MIN_MOVE_INTERVAL_MS. */
  stepRule: z.string(),
});
/** A previewed trail. */
export type TrailPreview = z.infer<typeof TrailPreviewSchema>;

/** A break-even move as it would be armed on the previewed fill. */
export const BreakEvenPreviewSchema = z.object({
  activationPercent: z.number().positive(),
  offsetPercent: z.number().min(0),
  activationPx: DecimalTextSchema,
  stopPx: DecimalTextSchema,
});
/** A previewed break-even move. */
export type BreakEvenPreview = z.infer<typeof BreakEvenPreviewSchema>;

/**
 * The protection plan that follows the entry (issue 41 §2): take-profit sizes, trail steps and the
 * break-even trigger, counted from `fillPx`, the price the plan was sized at (the real fill may differ,
 * and the executor counts from it).
 */
export const ProtectionPlanPreviewSchema = z.object({
  fillPx: DecimalTextSchema,
  takeProfits: z.array(TakeProfitPreviewSchema).max(5).optional(),
  trailingStop: TrailPreviewSchema.optional(),
  breakEven: BreakEvenPreviewSchema.optional(),
});
/** A previewed protection plan. */
export type ProtectionPlanPreview = z.infer<typeof ProtectionPlanPreviewSchema>;

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
