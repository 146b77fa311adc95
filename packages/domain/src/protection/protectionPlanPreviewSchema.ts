import { z } from 'zod';
import { DecimalTextSchema } from '../exchange/decimalTextSchema.js';

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
