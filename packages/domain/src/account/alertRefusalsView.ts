import { z } from 'zod';
import { AlertRefusalReasonSchema } from './accountEvents.js';

/** The latest count of alerts refused past the logging ceiling. */
export const AlertRefusalCountSchema = z.object({
  reason: AlertRefusalReasonSchema,
  count: z.number().int().min(1),
  /** The strategy whose URL refused them; null for the first strategy's. */
  strategyId: z.string().nullable(),
  from: z.string(),
  to: z.string(),
});

/**
 * `GET /api/webhook-logs/refusals` (issue 32, point 2): the alerts a user's webhook URLs refused
 * past the ceiling up to which refusals are logged one by one, counted by reason.
 */
export const AlertRefusalsSchema = z.object({
  total: z.number().int().min(0),
  rateLimited: z.number().int().min(0),
  sourceNotAllowed: z.number().int().min(0),
  /** When the first counted refusal happened; null when none was ever counted. */
  since: z.string().nullable(),
  last: AlertRefusalCountSchema.nullable(),
});
/** A user's counted refusals. */
export type AlertRefusals = z.infer<typeof AlertRefusalsSchema>;
