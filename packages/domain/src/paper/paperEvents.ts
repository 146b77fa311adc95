import { z } from 'zod';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';
import { BalanceSnapshotTakenSchema, FillRecordedSchema, PositionSnapshotSchema } from '../account/accountEvents.js';
import { eventSchema } from '../eventModel/envelope.js';
import { EntityIdSchema, IsoTimestampSchema } from '../eventModel/primitives.js';
import { DecimalTextSchema } from '../exchange/decimalTextSchema.js';
import { CloidSchema } from '../exchange/cloidSchema.js';
import { PaperBreakEvenSchema } from './paperBreakEven.js';
import { PaperExitsSchema } from './paperExits.js';
import { RestingOrdersExpiredSchema } from '../ledger/ledgerEvents.js';

/**
 * Which paper strategy and which run of its account an event belongs to: a reset starts a new
 * epoch (PaperAccountReset on the user stream), and events of an earlier one are history only.
 */
const paperRun = { strategyId: StrategyIdSchema, epoch: z.number().int().nonnegative() };

/**
 * A fill of a paper strategy's order, booked by the paper venue: the fields a real fill has (so
 * the views read both alike), on `paper-<uid>`, never on the account stream. `signalId` is the
 * alert that placed it; a fill no alert placed has none: the paper venue's liquidation of a
 * position its account no longer held the maintenance margin of, closed at the mark and named as
 * the venue names one (`dir` "Liquidated Cross Long" and so on). `px`, `sz` and `side` are what a
 * restore books again.
 */
export const PaperFillRecordedSchema = eventSchema(
  'PaperFillRecorded',
  1,
  FillRecordedSchema.shape.data.extend({ ...paperRun, signalId: EntityIdSchema.optional() }),
);
/** PaperFillRecorded event. */
export type PaperFillRecorded = z.infer<typeof PaperFillRecordedSchema>;

/**
 * An order live on a paper account (issue 41, point 3), as the venue engine holds it: a resting
 * limit (GTC or ALO), or a reduce-only stop-loss / take-profit trigger that fires on the mark,
 * either a resting entry's grouped child (`parentOid`, `waitingForParent` until the entry fully
 * fills) or a position's own (`wholePosition`: sized to the position as it changes). `signalId`
 * is the alert that placed it, whose fills its fills are. Sizes and prices in decimal text; `sz`
 * is what is left of it. What a restore places on the paper account again, exactly so.
 */
export const PaperOpenOrderSchema = z.object({
  oid: z.number().int().nonnegative(),
  coin: z.string().min(1).max(50),
  /** `B` buy, `A` sell. */
  side: z.enum(['B', 'A']),
  limitPx: DecimalTextSchema,
  sz: DecimalTextSchema,
  origSz: DecimalTextSchema,
  reduceOnly: z.boolean(),
  /** A limit order's time in force; absent on a trigger not yet fired. */
  tif: z.enum(['Gtc', 'Alo', 'Ioc']).optional(),
  trigger: z.object({ px: DecimalTextSchema, isMarket: z.boolean(), tpsl: z.enum(['tp', 'sl']) }).optional(),
  /** A limit trigger that fired and rests as a plain limit order. */
  triggered: z.boolean().optional(),
  wholePosition: z.boolean().optional(),
  parentOid: z.number().int().nonnegative().optional(),
  childOids: z.array(z.number().int().nonnegative()).max(2).optional(),
  siblingOids: z.array(z.number().int().nonnegative()).max(2).optional(),
  waitingForParent: z.boolean().optional(),
  cloid: CloidSchema.optional(),
  /** The leverage the account traded the coin at when it was placed: a restore sets it again while no position shows it. */
  leverage: z.number().int().positive().optional(),
  placedAt: IsoTimestampSchema,
  signalId: EntityIdSchema.optional(),
  /**
   * When a resting entry is cancelled if not filled in full: its alert's `cancelAfterMinutes`
   * counted from when it rested (issue 41 §3). On the order in the log, so the paper keeper finds
   * it after a restart; absent: no deadline (every order before it).
   */
  cancelAt: IsoTimestampSchema.optional(),
});
/** An order live on a paper account. */
export type PaperOpenOrder = z.infer<typeof PaperOpenOrderSchema>;

/**
 * A paper account after its fills of one alert, as the paper venue's clearinghouse shows it at the
 * venue's mids of that moment: the balance and positions the views show until the next one, and
 * the orders live on it (`orders`; absent: none, as in every snapshot before issue 41 point 3),
 * and the break-even moves armed on its positions (`breakEvens`, issue 41 §3; absent: none), which
 * the paper keeper reads back from the latest snapshot, as it does the orders; and the protection
 * of positions kept the live way (`exits`, issue 41 §3: several take-profits, a trail, an update;
 * absent: none), whose trail state and take-profit sizes each snapshot records as they change.
 */
export const PaperAccountSnapshotTakenSchema = eventSchema(
  'PaperAccountSnapshotTaken',
  1,
  z.object({
    ...paperRun,
    at: IsoTimestampSchema,
    balance: BalanceSnapshotTakenSchema.shape.data.omit({ at: true, spotUsdc: true }),
    positions: z.array(PositionSnapshotSchema).max(500),
    orders: z.array(PaperOpenOrderSchema).max(500).optional(),
    breakEvens: z.array(PaperBreakEvenSchema).max(500).optional(),
    exits: z.array(PaperExitsSchema).max(500).optional(),
  }),
);
/** PaperAccountSnapshotTaken event. */
export type PaperAccountSnapshotTaken = z.infer<typeof PaperAccountSnapshotTakenSchema>;

/**
 * One hour's funding of a paper position (rule 17), settled by the paper venue at the venue's own
 * rate for the coin: `usdc` is what the account received, negative when it paid: the position's
 * size at the hour (`szi`, signed) × the oracle price × the hourly rate, longs paying a positive
 * rate and shorts a negative one. `hour` is the funding hour it settles; a strategy's run pays a
 * coin's hour once, which the log alone decides: a payment recorded is never paid again, after a
 * restart either. `at` is when it was settled.
 */
export const PaperFundingPaidSchema = eventSchema(
  'PaperFundingPaid',
  1,
  z.object({
    ...paperRun,
    coin: z.string().min(1).max(50),
    hour: IsoTimestampSchema,
    szi: DecimalTextSchema,
    fundingRate: DecimalTextSchema,
    oraclePx: DecimalTextSchema,
    usdc: DecimalTextSchema,
    at: IsoTimestampSchema,
  }),
);
/** PaperFundingPaid event. */
export type PaperFundingPaid = z.infer<typeof PaperFundingPaidSchema>;

/**
 * A paper strategy's resting entry cancelled because it rested for its alert's `cancelAfterMinutes`
 * (issue 41 §3): live's RestingOrdersExpired on the paper stream, with the run. `cancelled` are the
 * cloids of the orders (one, or a ladder's) the paper venue took off, `gone` those already filled
 * or cancelled; the alert's log row says it was cancelled after so many minutes, as live's does.
 * Appended with the snapshot the cancel left, in one commit.
 */
export const PaperRestingOrdersExpiredSchema = eventSchema(
  'PaperRestingOrdersExpired',
  1,
  RestingOrdersExpiredSchema.shape.data.extend({ epoch: paperRun.epoch }),
);
/** PaperRestingOrdersExpired event. */
export type PaperRestingOrdersExpired = z.infer<typeof PaperRestingOrdersExpiredSchema>;

/** Every event of a `paper-<uid>` stream. */
export const PaperEventSchema = z.discriminatedUnion('type', [
  PaperFillRecordedSchema,
  PaperAccountSnapshotTakenSchema,
  PaperFundingPaidSchema,
  PaperRestingOrdersExpiredSchema,
]);
/** An event of a paper stream. */
export type PaperEvent = z.infer<typeof PaperEventSchema>;
