import { z } from 'zod';
import { CloidSchema } from '../exchange/cloidSchema.js';
import { DecimalTextSchema } from '../exchange/decimalTextSchema.js';
import { eventSchema } from '../eventModel/envelope.js';
import { EntityIdSchema, IsoTimestampSchema } from '../eventModel/primitives.js';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';
import { BreakEvenSchema } from './breakEven.js';
import { TakeProfitTargetSchema } from './takeProfits.js';
import { TrailingStopSchema } from './trailingStop.js';

/** A reduce-only trigger order protecting a strategy's position. */
export const ProtectiveOrderSchema = z.object({
  kind: z.enum(['sl', 'tp']),
  cloid: CloidSchema,
  /** The venue's order id, when it gave one (a standalone trigger rests with one). */
  oid: z.number().int().nonnegative().optional(),
  triggerPx: DecimalTextSchema,
  /** Coins it closes when it fires: the strategy's own position when it was placed. */
  size: DecimalTextSchema,
  isBuy: z.boolean(),
});
/** A protective order. */
export type ProtectiveOrder = z.infer<typeof ProtectiveOrderSchema>;

/**
 * A strategy's protection in a coin changed (issue 39, point 3): what is live at the venue now,
 * the trigger prices it keeps to (`stopLoss` / `takeProfit`, from the last alert that set them),
 * what the venue refused (the position is then not protected as asked: the trader is told), and
 * what was cancelled. `signalId` is the alert whose fill or close made the change.
 */
export const ProtectionUpdatedSchema = eventSchema(
  'ProtectionUpdated',
  1,
  z.object({
    strategyId: StrategyIdSchema,
    coin: z.string().min(1).max(50),
    subAccount: z
      .string()
      .regex(/^0x[0-9a-f]{40}$/)
      .optional(),
    signalId: EntityIdSchema,
    stopLoss: DecimalTextSchema.optional(),
    takeProfit: DecimalTextSchema.optional(),
    /** Several take-profits (issue 41), nearest first, each with the coins it still closes. */
    takeProfits: z.array(TakeProfitTargetSchema).max(5).optional(),
    /** A break-even move armed on the position (issue 41); gone once the stop has moved, or the position is closed. */
    breakEven: BreakEvenSchema.optional(),
    /** A trailing stop (issue 41): its distance, activation and last move; `stopLoss` is where it holds the stop now. */
    trailingStop: TrailingStopSchema.optional(),
    live: z.array(ProtectiveOrderSchema).max(16),
    refused: z
      .array(z.object({ kind: z.enum(['sl', 'tp']), triggerPx: DecimalTextSchema, size: DecimalTextSchema, reason: z.string().min(1).max(2000) }))
      .max(8),
    cancelled: z.array(z.object({ cloid: CloidSchema, status: z.enum(['cancelled', 'gone', 'failed']) })).max(16),
    at: IsoTimestampSchema,
  }),
);
/** ProtectionUpdated event. */
export type ProtectionUpdated = z.infer<typeof ProtectionUpdatedSchema>;
