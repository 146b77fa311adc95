import { z } from 'zod';
import { LATER_CAP, LaterEntrySchema } from './laterEntry.js';
import { StrategyVenueSchema } from '../eventModel/strategyIds.js';
import { SignalStatusSchema } from './signalStatus.js';

/**
 * How many of a user's most recent logs are read and kept live: the cap of
 * GET /api/webhook-logs, of /api/live's snapshot and of the PWA's list ("N / 200 recent signals").
 */
export const WEBHOOK_LOGS_CAP = 200;

/** When each step of a signal's life happened (ISO-8601), null until it happens. */
export const WebhookLogStagesSchema = z.object({
  received: z.string(),
  /** Validation passed (OrderPlanned.at). */
  validated: z.string().nullable(),
  sized: z.string().nullable(),
  signed: z.string().nullable(),
  sent: z.string().nullable(),
  /** The exchange answered (SignalExecuted.acknowledgedAt). */
  acknowledged: z.string().nullable(),
  filled: z.string().nullable(),
});
/** Stage timestamps of a webhook log. */
export type WebhookLogStages = z.infer<typeof WebhookLogStagesSchema>;

/** What the exchange did with an executed signal's order: the fill the log's Execution box shows. */
export const WebhookLogFillSchema = z.object({
  status: z.enum(['filled', 'resting']),
  avgPx: z.number().optional(),
  totalSz: z.number().optional(),
  oid: z.number().optional(),
});
/** The fill of an executed signal. */
export type WebhookLogFill = z.infer<typeof WebhookLogFillSchema>;

/**
 * An entry held for the trader's approval (issue 42): what was planned when the alert came and
 * until when it waits; once answered, when and where it was approved.
 */
export const WebhookLogApprovalSchema = z.object({
  heldAt: z.string(),
  expiresAt: z.string(),
  coin: z.string(),
  side: z.enum(['buy', 'sell']),
  /** Decimal strings, as planned when the alert came. */
  size: z.string(),
  price: z.string(),
  approvedAt: z.string().optional(),
  via: z.enum(['app', 'push']).optional(),
});
/** A held entry as the log shows it. */
export type WebhookLogApproval = z.infer<typeof WebhookLogApprovalSchema>;

/**
 * The client's log view (spec §3 "derived view"), as `GET /api/webhook-logs` answers it
 * and `/api/live` pushes it.
 */
export const WebhookLogViewSchema = z.object({
  webhookLogId: z.string(),
  payload: z.unknown(),
  status: SignalStatusSchema,
  /** When the signal was executed (the stored processedAt); absent otherwise. */
  executedAt: z.string().optional(),
  /** The error text (execution.error, else error). */
  error: z.string().optional(),
  /** The code of the strategy's guard that held the entry back (issue 42: GUARD_COOLDOWN…); absent otherwise. */
  guard: z.string().optional(),
  /** When the webhook was received. */
  createdAt: z.string(),
  /** executedAt − createdAt for executed signals; absent otherwise. */
  latencyMs: z.number().optional(),
  stages: WebhookLogStagesSchema,
  /** Re-deliveries of the same alert: logged, never traded. */
  duplicates: z.number(),
  /** The order's fill, once executed. */
  fill: WebhookLogFillSchema.optional(),
  /** Why an executed signal sent nothing: a target alert found its target held ("Already long 0.52 ETH: nothing to send."). */
  note: z.string().optional(),
  /** The strategy whose webhook URL received the alert (issue 29): the first strategy's id for every alert older than strategies. */
  strategyId: z.string(),
  /** That strategy's name when the alert came ("Main" for alerts older than strategies). */
  strategyName: z.string(),
  /** `paper` for an alert of a paper strategy (issue 30): nothing of it reached the exchange. Absent reads as `live`. */
  venue: StrategyVenueSchema.optional(),
  /** What happened later to what the alert set up (issue 41 §2), oldest first, the newest LATER_CAP: absent when nothing did. */
  later: z.array(LaterEntrySchema).max(LATER_CAP).optional(),
  /** Set once the entry was held for approval (issue 42): the approval list and the row read it. */
  approval: WebhookLogApprovalSchema.optional(),
});
/** A webhook log as the client sees it. */
export type WebhookLogView = z.infer<typeof WebhookLogViewSchema>;
/** GET /api/webhook-logs's answer: at most 200 logs, newest first. */
export const WebhookLogListSchema = z.array(WebhookLogViewSchema);
