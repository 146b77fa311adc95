import { z } from 'zod';
import { AccountGuardsSchema, AlertGuardsSchema } from '../guards/alertGuards.js';
import { SettingsSchema } from '../settings/settingsSchema.js';
import { EVM_ADDRESS_PATTERN } from '../shared/hexPatterns.js';
import { eventSchema } from '../eventModel/envelope.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { PaperBalanceSchema, StrategyIdSchema, StrategyNameSchema, StrategyVenueSchema } from '../eventModel/strategyIds.js';

/**
 * A strategy was created: a name, a venue and, but for the first strategy, its own settings (the
 * defaults of that day) and webhook URL (a WebhookSecretRotated with its id in the same append).
 * The first strategy is created at sign-up; an account older than strategies gets it with
 * `migrated: true`, its settings and webhook URL being the account's own, unchanged.
 */
export const StrategyCreatedSchema = eventSchema(
  'StrategyCreated',
  1,
  z.object({
    strategyId: StrategyIdSchema,
    name: StrategyNameSchema,
    venue: StrategyVenueSchema,
    /** A paper strategy's starting balance in USDC (venue `paper` only). */
    paperBalance: PaperBalanceSchema.optional(),
    settings: SettingsSchema.optional(),
    migrated: z.literal(true).optional(),
    at: IsoTimestampSchema,
  }),
);
/** StrategyCreated event. */
export type StrategyCreated = z.infer<typeof StrategyCreatedSchema>;

/** A strategy was renamed. */
export const StrategyRenamedSchema = eventSchema(
  'StrategyRenamed',
  1,
  z.object({ strategyId: StrategyIdSchema, name: StrategyNameSchema, at: IsoTimestampSchema }),
);
/** StrategyRenamed event. */
export type StrategyRenamed = z.infer<typeof StrategyRenamedSchema>;

/** A strategy was paused: its alerts are logged, marked paused and never traded, until StrategyResumed. */
export const StrategyPausedSchema = eventSchema('StrategyPaused', 1, z.object({ strategyId: StrategyIdSchema, at: IsoTimestampSchema }));
/** StrategyPaused event. */
export type StrategyPaused = z.infer<typeof StrategyPausedSchema>;

/** A paused strategy trades again. */
export const StrategyResumedSchema = eventSchema('StrategyResumed', 1, z.object({ strategyId: StrategyIdSchema, at: IsoTimestampSchema }));
/** StrategyResumed event. */
export type StrategyResumed = z.infer<typeof StrategyResumedSchema>;

/** A strategy was deleted: its webhook URL stops working at once; its alerts and orders stay in the history. */
export const StrategyDeletedSchema = eventSchema('StrategyDeleted', 1, z.object({ strategyId: StrategyIdSchema, at: IsoTimestampSchema }));
/** StrategyDeleted event. */
export type StrategyDeleted = z.infer<typeof StrategyDeletedSchema>;

/**
 * A paper strategy's account starts over: its positions are gone and its balance is `balance`.
 * Fills of the paper stream recorded before it belong to the earlier run (a lower `epoch`).
 */
export const PaperAccountResetSchema = eventSchema(
  'PaperAccountReset',
  1,
  z.object({ strategyId: StrategyIdSchema, balance: PaperBalanceSchema, at: IsoTimestampSchema }),
);
/** PaperAccountReset event. */
export type PaperAccountReset = z.infer<typeof PaperAccountResetSchema>;

/** A paper strategy now trades on the trader's Hyperliquid account, with the settings it had; its paper history is kept. */
export const StrategyPromotedSchema = eventSchema('StrategyPromoted', 1, z.object({ strategyId: StrategyIdSchema, at: IsoTimestampSchema }));
/** StrategyPromoted event. */
export type StrategyPromoted = z.infer<typeof StrategyPromotedSchema>;

/**
 * A live strategy trades on a Hyperliquid sub-account of the trader's main account (issue 39,
 * point 2): its orders are signed by the same API wallet with `vaultAddress` set to it, and its
 * balance, positions, fills and risk limits are the sub-account's. `subAccountAddress` null: back
 * on the main account. The api checked the venue lists it among the main account's sub-accounts.
 */
export const StrategySubAccountBoundSchema = eventSchema(
  'StrategySubAccountBound',
  1,
  z.object({
    strategyId: StrategyIdSchema,
    subAccountAddress: z.string().regex(EVM_ADDRESS_PATTERN).nullable(),
    name: z.string().max(100).optional(),
    at: IsoTimestampSchema,
  }),
);
/** StrategySubAccountBound event. */
export type StrategySubAccountBound = z.infer<typeof StrategySubAccountBoundSchema>;

/**
 * A strategy's guards before the order were set (issue 42): they replace its earlier guards
 * whole; an empty object removes them all.
 */
export const StrategyGuardsSetSchema = eventSchema(
  'StrategyGuardsSet',
  1,
  z.object({ strategyId: StrategyIdSchema, guards: AlertGuardsSchema, at: IsoTimestampSchema }),
);
/** StrategyGuardsSet event. */
export type StrategyGuardsSet = z.infer<typeof StrategyGuardsSetSchema>;

/** The account's guards were set (issue 42): a daily loss limit over every live strategy; an empty object removes it. */
export const AccountGuardsSetSchema = eventSchema('AccountGuardsSet', 1, z.object({ guards: AccountGuardsSchema, at: IsoTimestampSchema }));
/** AccountGuardsSet event. */
export type AccountGuardsSet = z.infer<typeof AccountGuardsSetSchema>;
