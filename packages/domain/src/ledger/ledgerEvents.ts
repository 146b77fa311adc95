import { z } from 'zod';
import { DecimalTextSchema } from '../exchange/decimalTextSchema.js';
import { eventSchema } from '../eventModel/envelope.js';
import { EntityIdSchema, IsoTimestampSchema } from '../eventModel/primitives.js';
import { CloidSchema } from '../exchange/cloidSchema.js';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';

/**
 * The venue's position in `coin` differed from what the strategies and the outside part add up to,
 * and the drift rule (ledger/driftRule.ts) set each share so they match again: `strategies` says
 * each strategy's size before and after, `outsideFrom` / `outsideTo` the part no strategy owns.
 * `px` is the price the strategies' drifted part is taken off at (the mid when it was seen).
 * `account` is the sub-account whose position drifted (absent: the main account): only the
 * strategies trading on it share it. `counted` lists the signals whose fills the shares already include though the venue's fills of
 * them were not recorded yet: when those fills come, they do not count again.
 */
export const PositionDriftReconciledSchema = eventSchema(
  'PositionDriftReconciled',
  1,
  z.object({
    at: IsoTimestampSchema,
    coin: z.string().min(1).max(50),
    account: z
      .string()
      .regex(/^0x[0-9a-f]{40}$/)
      .optional(),
    venueSzi: DecimalTextSchema,
    ledgerSzi: DecimalTextSchema,
    px: DecimalTextSchema,
    rule: z.enum(['flattened', 'reducedInProportion', 'flipped', 'grown']),
    strategies: z.array(z.object({ strategyId: StrategyIdSchema, from: DecimalTextSchema, to: DecimalTextSchema })).max(100),
    outsideFrom: DecimalTextSchema,
    outsideTo: DecimalTextSchema,
    counted: z.array(z.object({ signalId: EntityIdSchema, filled: DecimalTextSchema })).max(1000),
  }),
);
/** PositionDriftReconciled event. */
export type PositionDriftReconciled = z.infer<typeof PositionDriftReconciledSchema>;

/**
 * A strategy's order rests on the book (a limit entry): its fills come later, when the price is
 * reached. The ledger keeps it, so a fill of it the venue shows is counted for the strategy
 * (ownPositions reads them), not taken for drift.
 */
export const OrderRestedSchema = eventSchema(
  'OrderRested',
  1,
  z.object({
    signalId: EntityIdSchema,
    strategyId: StrategyIdSchema,
    coin: z.string().min(1).max(50),
    subAccount: z
      .string()
      .regex(/^0x[0-9a-f]{40}$/)
      .optional(),
    cloid: CloidSchema,
    oid: z.number().int().nonnegative().optional(),
    size: DecimalTextSchema,
    isBuy: z.boolean(),
    at: IsoTimestampSchema,
    /**
     * When the order is cancelled if it still rests (the alert's `cancelAfterMinutes`, issue 41):
     * on the log, so the executor's expiry keeper finds it again after a restart.
     */
    cancelAt: IsoTimestampSchema.optional(),
    /**
     * Its limit price: when the mid has passed it, the order has probably filled, and the executor
     * reads the venue's fills then (issue 41) rather than at the next alert. Absent on older events.
     */
    limitPx: DecimalTextSchema.optional(),
  }),
);
/** OrderRested event. */
export type OrderRested = z.infer<typeof OrderRestedSchema>;

/**
 * A strategy's resting entry was cancelled because it had rested for its alert's
 * `cancelAfterMinutes` (issue 41): `cancelled` are the orders (one, or a ladder's) the venue took
 * off the book, `gone` those it no longer held (filled or cancelled meanwhile). The ledger holds
 * none of them resting any more; the alert's log row says it was cancelled after so many minutes.
 */
export const RestingOrdersExpiredSchema = eventSchema(
  'RestingOrdersExpired',
  1,
  z.object({
    signalId: EntityIdSchema,
    strategyId: StrategyIdSchema,
    coin: z.string().min(1).max(50),
    afterMinutes: z.number().positive(),
    at: IsoTimestampSchema,
    cancelled: z.array(CloidSchema).max(20),
    gone: z.array(CloidSchema).max(20),
  }),
);
/** RestingOrdersExpired event. */
export type RestingOrdersExpired = z.infer<typeof RestingOrdersExpiredSchema>;
