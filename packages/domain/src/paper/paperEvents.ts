import { z } from 'zod';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';
import { BalanceSnapshotTakenSchema, FillRecordedSchema, PositionSnapshotSchema } from '../account/accountEvents.js';
import { eventSchema } from '../eventModel/envelope.js';
import { EntityIdSchema, IsoTimestampSchema } from '../eventModel/primitives.js';
import { DecimalTextSchema } from '../exchange/decimalText.js';

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
 * A paper account after its fills of one alert, as the paper venue's clearinghouse shows it at the
 * venue's mids of that moment: the balance and positions the views show until the next one.
 */
export const PaperAccountSnapshotTakenSchema = eventSchema(
  'PaperAccountSnapshotTaken',
  1,
  z.object({
    ...paperRun,
    at: IsoTimestampSchema,
    balance: BalanceSnapshotTakenSchema.shape.data.omit({ at: true, spotUsdc: true }),
    positions: z.array(PositionSnapshotSchema).max(500),
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

/** Every event of a `paper-<uid>` stream. */
export const PaperEventSchema = z.discriminatedUnion('type', [PaperFillRecordedSchema, PaperAccountSnapshotTakenSchema, PaperFundingPaidSchema]);
/** An event of a paper stream. */
export type PaperEvent = z.infer<typeof PaperEventSchema>;
