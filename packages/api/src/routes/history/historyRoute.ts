import { HistoryPageSchema, HistoryQuerySchema, redactEventData, type HistoryEvent } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { readUserHistory, type UserHistoryEvent } from './userHistory.js';

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
