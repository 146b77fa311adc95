import { liveStrategies, PaperOrderListSchema, PaperOrdersQuerySchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { paperAccountOfQuery } from '../strategies/strategyAccount.js';
import { loadStrategies } from '../strategies/strategyViews.js';

/**
 * GET /api/orders/paper?strategyId= (issue 41, point 3): the limit orders resting on a paper
 * strategy's paper account, each with the stop-loss and take-profit waiting for it to fill, from
 * its read model. A live strategy has no paper account (409); another user's is not found (404).
 */
export const paperOrdersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/paper',
    { schema: { tags: ['orders'], querystring: PaperOrdersQuerySchema, response: { 200: envelopeOf(PaperOrderListSchema) } } },
    async (request) => {
      const { uid } = requireUser(request);
      const { strategyId } = request.query;
      const paper = await paperAccountOfQuery(app.deps, uid, strategyId);
      if (paper !== null) return ok(paper.resting);
      const strategy = liveStrategies(await loadStrategies(app.deps, uid)).find((s) => s.id === strategyId);
      throw new ApiError(409, `"${strategy?.name ?? strategyId}" trades on the live account, not on paper.`);
    },
  );
};
