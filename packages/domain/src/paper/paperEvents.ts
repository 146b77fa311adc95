import { z } from 'zod';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';
import { BalanceSnapshotTakenSchema, FillRecordedSchema, PositionSnapshotSchema } from '../account/accountEvents.js';
import { eventSchema } from '../eventModel/envelope.js';
import { EntityIdSchema, IsoTimestampSchema } from '../eventModel/primitives.js';

/**
 * Which paper strategy and which run of its account an event belongs to: a reset starts a new
 * epoch (PaperAccountReset on the user stream), and events of an earlier one are history only.
 */
const paperRun = { strategyId: StrategyIdSchema, epoch: z.number().int().nonnegative() };

/**
 * A fill of a paper strategy's order, booked by the paper venue: the fields a real fill has (so
 * the views read both alike), on `paper-<uid>`, never on the account stream. `signalId` is the
 * alert that placed it; `px`, `sz` and `side` are what a restore books again.
 */
export const PaperFillRecordedSchema = eventSchema('PaperFillRecorded', 1, FillRecordedSchema.shape.data.extend({ ...paperRun, signalId: EntityIdSchema }));
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

/** Every event of a `paper-<uid>` stream. */
export const PaperEventSchema = z.discriminatedUnion('type', [PaperFillRecordedSchema, PaperAccountSnapshotTakenSchema]);
/** An event of a paper stream. */
export type PaperEvent = z.infer<typeof PaperEventSchema>;
