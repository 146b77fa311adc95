import { z } from 'zod';
import { CloidSchema } from '../exchange/cloidSchema.js';
import { DecimalTextSchema } from '../exchange/decimalTextSchema.js';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';
import { eventSchema } from '../eventModel/envelope.js';
import { EntityIdSchema, ExchangeDecimalSchema, IsoTimestampSchema } from '../eventModel/primitives.js';

/**
 * A fill on the user's exchange account, as the exchange reports it (numbers as its
 * decimal strings). `tid` is the exchange's trade id, unique per fill: the dedupe key.
 * `startPosition` (signed size before the fill) tells whether the fill opened a fresh position.
 * `signalId` links the fill to the signal whose order it filled, when the cloid matched one;
 * `strategyId` names that signal's strategy (absent: the first strategy, and every fill recorded
 * before strategies kept their own positions), and `closeAll` marks the fills of the trader's
 * close-all, which close every strategy's share (issue 39, point 1).
 */
export const FillRecordedSchema = eventSchema(
  'FillRecorded',
  1,
  z.object({
    coin: z.string().min(1).max(50),
    px: ExchangeDecimalSchema,
    sz: ExchangeDecimalSchema,
    side: z.enum(['B', 'A']),
    time: IsoTimestampSchema,
    oid: z.number().int().nonnegative(),
    tid: z.number().int().nonnegative(),
    cloid: CloidSchema.optional(),
    closedPnl: ExchangeDecimalSchema,
    fee: ExchangeDecimalSchema,
    feeToken: z.string().max(20).optional(),
    dir: z.string().max(50),
    startPosition: ExchangeDecimalSchema.optional(),
    crossed: z.boolean().optional(),
    hash: z.string().max(100).optional(),
    signalId: EntityIdSchema.optional(),
    strategyId: StrategyIdSchema.optional(),
    closeAll: z.literal(true).optional(),
    /** The sub-account the fill was on (issue 39, point 2); absent, the main account. */
    subAccount: z
      .string()
      .regex(/^0x[0-9a-f]{40}$/)
      .optional(),
    /** A fill of the strategy's stop-loss or take-profit (issue 39, point 3), not of its signal's entry. */
    protective: z.literal(true).optional(),
  }),
);
/** FillRecorded event. */
export type FillRecorded = z.infer<typeof FillRecordedSchema>;

/**
 * One open perp position in a snapshot, numbers in the venue's decimal text. `szi` is signed
 * (negative = short). `leverage` is the position's leverage value, absent when the venue gave
 * none; `markPx` may be absent (the clearinghouse state gives positionValue, from which the read
 * model derives the mark). Version 1 allowed any text and a null leverage: see accountUpcasters.ts.
 */
export const PositionSnapshotSchema = z.object({
  coin: z.string().min(1).max(50),
  szi: DecimalTextSchema,
  entryPx: DecimalTextSchema.nullish(),
  positionValue: DecimalTextSchema.nullish(),
  unrealizedPnl: DecimalTextSchema.nullish(),
  leverage: z.number().finite().positive().optional(),
  markPx: DecimalTextSchema.nullish(),
  liquidationPx: DecimalTextSchema.nullish(),
  marginUsed: DecimalTextSchema.nullish(),
});
/** A position within a snapshot. */
export type PositionSnapshot = z.infer<typeof PositionSnapshotSchema>;

/**
 * The complete set of open positions at `at`: a coin absent from the list is closed.
 * `source` says what took it: a fill, a sync (the Positions tab), or the key save (the account's
 * first look, so a trader's first order need not read it again).
 */
export const PositionsSnapshotTakenSchema = eventSchema(
  'PositionsSnapshotTaken',
  2,
  z.object({ at: IsoTimestampSchema, source: z.enum(['fill', 'sync', 'keys']), positions: z.array(PositionSnapshotSchema).max(500) }),
);
/** PositionsSnapshotTaken event. */
export type PositionsSnapshotTaken = z.infer<typeof PositionsSnapshotTakenSchema>;

/** Account balances at `at`, in the venue's decimal text (version 1 allowed any text: see accountUpcasters.ts). */
export const BalanceSnapshotTakenSchema = eventSchema(
  'BalanceSnapshotTaken',
  2,
  z.object({
    at: IsoTimestampSchema,
    availableBalance: DecimalTextSchema,
    totalEquity: DecimalTextSchema,
    marginUsed: DecimalTextSchema,
    totalNotional: DecimalTextSchema,
    withdrawable: DecimalTextSchema.optional(),
    spotUsdc: DecimalTextSchema.optional(),
  }),
);
/** BalanceSnapshotTaken event. */
export type BalanceSnapshotTaken = z.infer<typeof BalanceSnapshotTakenSchema>;

/**
 * One hour's funding of a live position (issue 43, rule 17), as the venue's `userFunding` lists it:
 * `usdc` is what the account received, negative when it paid (size × oracle price × hourly rate,
 * longs paying a positive rate). `time` is the venue's settlement time and `hash` its hash: with
 * the coin and the account they are the payment's identity, so a payment read twice is recorded
 * once. When several strategies held the coin on that account, the payment is split by their
 * shares of the position at that time, one event each (`strategyId`), amounts summing exactly to
 * the venue's; without `strategyId` it is the part held by no strategy. `szi` is the part's size.
 * `subAccount` is the sub-account it was paid on; absent, the main account.
 */
export const FundingPaidSchema = eventSchema(
  'FundingPaid',
  1,
  z.object({
    coin: z.string().min(1).max(50),
    usdc: DecimalTextSchema,
    szi: DecimalTextSchema,
    fundingRate: DecimalTextSchema,
    time: IsoTimestampSchema,
    hash: z.string().max(100).optional(),
    strategyId: StrategyIdSchema.optional(),
    subAccount: z
      .string()
      .regex(/^0x[0-9a-f]{40}$/)
      .optional(),
  }),
);
/** FundingPaid event. */
export type FundingPaid = z.infer<typeof FundingPaidSchema>;

/** Why intake refused an alert at a valid webhook URL: its per-URL budget, or the URL's IP allowlist. */
export const AlertRefusalReasonSchema = z.enum(['rateLimited', 'sourceNotAllowed']);
/** A refusal reason. */
export type AlertRefusalReason = z.infer<typeof AlertRefusalReasonSchema>;

/**
 * Alerts refused at one of the user's webhook URLs past the ceiling up to which refusals are
 * logged one by one (issue 32, point 2): intake counts them, then records how many, why and
 * between when, so no refusal goes unseen. `strategyId` is absent for the first strategy's URL.
 */
export const AlertsRefusedSchema = eventSchema(
  'AlertsRefused',
  1,
  z.object({
    strategyId: EntityIdSchema.optional(),
    reason: AlertRefusalReasonSchema,
    count: z.number().int().min(1),
    from: IsoTimestampSchema,
    to: IsoTimestampSchema,
  }),
);
/** AlertsRefused event. */
export type AlertsRefused = z.infer<typeof AlertsRefusedSchema>;
