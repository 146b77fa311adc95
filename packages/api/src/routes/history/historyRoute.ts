import { HistoryCategorySchema, HistoryPageSchema, redactEventData, StrategyIdSchema, type HistoryEvent } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { readUserHistory, type UserHistoryEvent } from './userHistory.js';

const EventTypeSchema = z.string().regex(/^[A-Za-z]{1,60}$/, 'Expected an event type like SignalExecuted');

const HistoryQuerySchema = z.object({
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

/** A history event as answered: in plain words, as stored with its secrets redacted, and its hash. */
export function historyEventView({ event, description, strategyId }: UserHistoryEvent, hash: string | null): HistoryEvent {
  return {
    ...description,
    position: event.globalPosition,
    type: event.type,
    stream: event.streamId,
    version: event.streamVersion,
    recordedAt: new Date(event.recordedAt).toISOString(),
    strategyId,
    data: redactEventData(event.data),
    hash,
  };
}

/**
 * GET /api/history (issue 31, point 1): the trader's own events, newest first — sign-up, logins,
 * keys, settings, strategies, every alert's whole life, fills, snapshots, pauses and close-alls —
 * each as stored with its secrets redacted and its hash, and the log's head. Only the caller's
 * own streams are ever read, so no filter can reach another user's events.
 */
export const historyRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/history', { schema: { tags: ['history'], querystring: HistoryQuerySchema, response: { 200: envelopeOf(HistoryPageSchema) } } }, async (request) => {
    const { uid } = requireUser(request);
    const { store } = app.deps;
    const query = request.query;
    if (query.since !== undefined && query.until !== undefined && Date.parse(query.since) > Date.parse(query.until))
      throw new ApiError(400, '`since` must not be after `until`');
    const since = query.since === undefined ? -Infinity : Date.parse(query.since);
    const until = query.until === undefined ? Infinity : Date.parse(query.until);
    const types = query.type === undefined ? undefined : new Set(query.type);
    const page = (await readUserHistory(store, uid))
      .filter(({ event }) => query.before === undefined || event.globalPosition < query.before)
      .filter(({ event }) => event.recordedAt >= since && event.recordedAt <= until)
      .filter(({ event }) => types === undefined || types.has(event.type))
      .filter(({ strategyId }) => query.strategyId === undefined || strategyId === query.strategyId)
      .filter(({ description }) => query.category === undefined || description.category === query.category)
      .reverse()
      .slice(0, query.limit);
    const [hashes, head] = await Promise.all([
      store.chain?.hashesAt(page.map(({ event }) => event.globalPosition)) ?? new Map<number, string>(),
      store.chain?.head() ?? null,
    ]);
    return ok({ events: page.map((item) => historyEventView(item, hashes.get(item.event.globalPosition) ?? null)), head });
  });
};
