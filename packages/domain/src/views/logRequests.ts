import { z } from 'zod';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';
import { HistoryCategorySchema } from '../history/describeEvent.js';
import { SignalStatusSchema } from '../signal/signalStatus.js';
import { WEBHOOK_LOGS_CAP } from '../signal/webhookLogView.js';

/** The query of `GET /api/webhook-logs`, parsed into the read's `WebhookLogsQuery`: at most 200, of one status or strategy. */
export const WebhookLogsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(WEBHOOK_LOGS_CAP).default(WEBHOOK_LOGS_CAP),
  status: SignalStatusSchema.optional(),
  strategyId: StrategyIdSchema.optional(),
});

const EventTypeSchema = z.string().regex(/^[A-Za-z]{1,60}$/, 'Expected an event type like SignalExecuted');

/** The query of `GET /api/history`: one page of the trader's own events, newest first. */
export const HistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100).describe('At most this many events (1–500, default 100)'),
  before: z.coerce.number().int().min(1).optional().describe('Only events before this global position: the `position` of the last event of the previous page'),
  type: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value.split(',')))
    .pipe(z.array(EventTypeSchema).max(50).optional())
    .describe('Only these event types, comma-separated (e.g. SignalReceived,SignalExecuted)'),
  category: HistoryCategorySchema.optional().describe('Only events of this kind, as the History view groups them (alert, order, fill, keys, …)'),
  strategyId: StrategyIdSchema.optional().describe("Only one strategy's events: its alerts' whole lives and the events naming it"),
  since: z.iso.datetime({ offset: true }).optional().describe('Only events recorded at or after this time'),
  until: z.iso.datetime({ offset: true }).optional().describe('Only events recorded at or before this time'),
});
/** A history query as the client writes it, every value a query-string text. */
export type HistoryQuery = { readonly [K in keyof z.input<typeof HistoryQuerySchema>]?: string };

/** The query of `GET /api/history/state`. */
export const HistoryStateQuerySchema = z.object({
  at: z.iso.datetime({ offset: true }).describe('The moment to show, ISO-8601 (e.g. 2026-11-28T12:00:00Z)'),
});
/** An as-of request. */
export type HistoryStateQuery = z.input<typeof HistoryStateQuerySchema>;
