import { ProtectiveOrderListSchema, queryProtectiveOrders, StrategyAccountQuerySchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { paperAccountOfQuery } from '../strategies/strategyAccount.js';

/**
 * GET /api/orders/open?strategyId= (issue 39, point 3): the stop-losses and take-profits live at
 * the venue for the strategy's own position (every strategy's without `strategyId`), as the
 * executor recorded them. A paper strategy's are those live on its paper account (issue 41,
 * point 3), from its read model; they are never among the real account's.
 */
export const openOrdersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/open',
    { schema: { tags: ['orders'], querystring: StrategyAccountQuerySchema, response: { 200: envelopeOf(ProtectiveOrderListSchema) } } },
    async (request) => {
      const { uid } = requireUser(request);
      const { strategyId } = request.query;
      // Also the ownership check: another trader's strategy id is "Strategy not found".
      const paper = await paperAccountOfQuery(app.deps, uid, strategyId);
      if (paper !== null) return ok(paper.protection);
      return ok(await queryProtectiveOrders(app.deps.store.readStore, uid, strategyId));
    },
  );
};
