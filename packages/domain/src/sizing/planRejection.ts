import { z } from 'zod';
import { OrderPlanSchema } from './orderPlanSchema.js';

/** Stable codes for every reason planOrder refuses to trade an alert. */
export const PlanRejectionCodeSchema = z.enum([
  /** No usable mid price to size or guard a market order or close. */
  'NO_MARKET_PRICE',
  /** A close arrived while the coin has no open position. */
  'NO_POSITION_TO_CLOSE',
  /** Require-stop-loss is on and the entry has no stopLoss. */
  'STOP_LOSS_REQUIRED',
  /** The limit price cannot be expressed as a valid perp price. */
  'INVALID_PRICE',
  /** The stop-loss is not on the losing side of the entry price. */
  'INVALID_STOP_LOSS',
  /** The take-profit is not on the winning side of the entry price. */
  'INVALID_TAKE_PROFIT',
  /** The entry would open a new position beyond Max Open Positions. */
  'MAX_OPEN_POSITIONS',
  /** The account has no available balance. */
  'NO_BALANCE',
  /** The requested amount is $0 (sizing value 0, or a percentage of nothing). */
  'ZERO_AMOUNT',
  /** The amount buys less than one size step of the coin. */
  'ZERO_SIZE',
  /** The truncated order is worth less than the exchange's $10 minimum. */
  'BELOW_MINIMUM_NOTIONAL',
  /** A target alert wants the position the account already holds: nothing to send (not a failure). */
  'ALREADY_AT_TARGET',
  /** A cancel alert: it sends no order, it cancels the strategy's resting ones (issue 41). */
  'CANCEL_ONLY',
  /** An update alert: it sends no order, it changes the protection of the strategy's position (issue 41). */
  'UPDATE_ONLY',
]);
/** A plan rejection code. */
export type PlanRejectionCode = z.infer<typeof PlanRejectionCodeSchema>;

/** Why an alert will not be traded: a stable code and a sentence for the log. */
export const PlanRejectionSchema = z.object({ code: PlanRejectionCodeSchema, message: z.string().min(1) });
/** A plan rejection. */
export type PlanRejection = z.infer<typeof PlanRejectionSchema>;

/** planOrder's answer: the plan, or why there is none. */
export const PlanOrderResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), plan: OrderPlanSchema }),
  z.object({ ok: z.literal(false), code: PlanRejectionCodeSchema, message: z.string().min(1) }),
]);
/** The result of planOrder. */
export type PlanOrderResult = z.infer<typeof PlanOrderResultSchema>;

/** Shorthand for a refusal. */
export function rejectPlan(code: PlanRejectionCode, message: string): Extract<PlanOrderResult, { ok: false }> {
  return { ok: false, code, message };
}
