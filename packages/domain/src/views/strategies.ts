import { z } from 'zod';
import { AlertGuardsSchema } from '../guards/alertGuards.js';
import { SettingsSchema } from '../settings/settingsSchema.js';
import { StrategyVenueSchema } from '../eventModel/strategyIds.js';

/** A strategy as GET /api/strategies answers it (issue 29). */
export const StrategyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its own webhook URL: the first strategy's is the account's (GET /api/auth/webhook-url). */
  webhookUrl: z.string(),
  paused: z.boolean(),
  /** When it was paused; null while it trades. */
  pausedSince: z.string().nullable(),
  venue: StrategyVenueSchema,
  /** A paper strategy's account run (issue 30): the balance it started with, which run, since when; null for a live one. */
  paper: z.object({ balance: z.number(), epoch: z.number().int(), since: z.string() }).nullable(),
  settings: SettingsSchema,
  /** The strategy from sign-up: the spec's settings and URL; it cannot be deleted. */
  first: z.boolean(),
  /** The Hyperliquid sub-account it trades on (issue 39, point 2); null: the main account. */
  subAccount: z.object({ address: z.string(), name: z.string().nullable() }).nullable(),
  /** Its guards before the order (issue 42); empty when none is set. */
  guards: AlertGuardsSchema,
  createdAt: z.string(),
});
/** A strategy view. */
export type StrategyView = z.infer<typeof StrategyViewSchema>;

/** GET /api/strategies's answer: the trader's strategies, the first one first. */
export const StrategyListSchema = z.array(StrategyViewSchema);

/** DELETE /api/strategies/:id's answer. */
export const StrategyDeletedViewSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** The body of POST /api/strategies and PATCH /api/strategies/:id: a name (checked by the decider, for a clear message). */
export const StrategyNameBodySchema = z.object({ name: z.string().max(200) });

/**
 * The body of PATCH /api/strategies/:id: a new name, and/or the Hyperliquid sub-account the
 * strategy trades on (`null`: back to the main account).
 */
export const StrategyPatchBodySchema = z
  .object({
    name: z.string().max(200).optional(),
    subAccountAddress: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits')
      .nullable()
      .optional(),
  })
  .strict()
  .refine((body) => body.name !== undefined || body.subAccountAddress !== undefined, 'Send a name or a subAccountAddress.');
/** A strategy patch body. */
export type StrategyPatchBody = z.input<typeof StrategyPatchBodySchema>;
/** A strategy name body. */
export type StrategyNameBody = z.infer<typeof StrategyNameBodySchema>;

/**
 * The body of POST /api/strategies: a name and, for paper trading (issue 30), `venue: "paper"`
 * with an optional `paperBalance` (checked by the decider, for a field-level message).
 */
export const StrategyCreateBodySchema = StrategyNameBodySchema.extend({ venue: StrategyVenueSchema.optional(), paperBalance: z.unknown().optional() });
/** A strategy creation body. */
export type StrategyCreateBody = z.infer<typeof StrategyCreateBodySchema>;

/** The body of POST /api/strategies/:id/paper-reset: the balance to start over with (default: the one it had). */
export const PaperResetBodySchema = z.object({ balance: z.unknown().optional() });
/** A paper reset body. */
export type PaperResetBody = z.input<typeof PaperResetBodySchema>;

/**
 * The body of PUT /api/strategies/:id/filters: the strategy's guards, replacing its earlier ones
 * whole (an empty object removes them); a refusal names the field.
 */
export const StrategyGuardsBodySchema = AlertGuardsSchema;
/** A guards save. */
export type StrategyGuardsBody = z.input<typeof StrategyGuardsBodySchema>;
