import { HistoryStateQuerySchema, HistoryStateSchema, inMemoryReader, readLiveSnapshot } from '@hyperhook/domain';
import { stateAsOf } from '@hyperhook/eventsourcing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { userStreamsOf } from './userStreams.js';

/**
 * GET /api/history/state?at=: "show my account as it was at …" (issue 31, point 2). The user's own
 * streams are folded up to that moment with the projections the projector runs — the code of
 * `hyperhook replay --until` — and the dashboard's own reads run over the result, so settings, the
 * key summary, positions, balance and the 200 newest log rows are what the app showed then.
 */
export const historyStateRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/history/state',
    { schema: { tags: ['history'], querystring: HistoryStateQuerySchema, response: { 200: envelopeOf(HistoryStateSchema) } } },
    async (request) => {
      const { uid } = requireUser(request);
      const { streams } = await userStreamsOf(app.deps.store.readStore, uid);
      const state = await stateAsOf({ store: app.deps.store, until: new Date(request.query.at), userId: uid, streams });
      const snapshot = await readLiveSnapshot(inMemoryReader(state.collections), uid);
      return ok({ asOf: state.asOf, position: state.position, events: state.events, ...snapshot });
    },
  );
};
