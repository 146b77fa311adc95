import { ProtectiveOrderListSchema, queryProtectiveOrders, StrategyAccountQuerySchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { paperAccountOfQuery } from '../strategies/strategyAccount.js';

/**
 * GET /api/orders/open?strategyId= (issue 39, point 3): the stop-losses and take-profits live at
 * the venue for the strategy's own position (every strategy's without `strategyId`), as the
 * executor recorded them. A paper strategy has none: the paper venue takes no triggers.
 */
export const openOrdersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/open',
    { schema: { tags: ['orders'], querystring: StrategyAccountQuerySchema, response: { 200: envelopeOf(ProtectiveOrderListSchema) } } },
    async (request) => {
      const { uid } = requireUser(request);
      const { strategyId } = request.query;
      // Also the ownership check: another trader's strategy id is "Strategy not found".
      if ((await paperAccountOfQuery(app.deps, uid, strategyId)) !== null) return ok([]);
      return ok(await queryProtectiveOrders(app.deps.store.readStore, uid, strategyId));
    },
  );
};
