import {
  PositionBreakdownListSchema,
  PositionListSchema,
  PositionViewSchema,
  queryPositionBreakdown,
  queryPositions,
  queryStrategyPositions,
  StrategyAccountQuerySchema,
} from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { paperAccountOfQuery } from '../strategies/strategyAccount.js';
import { syncAccount } from './syncAccount.js';

/**
 * GET /api/positions, /api/positions/sync, /api/positions/:symbol. With `?strategyId=` of a paper
 * strategy they answer its paper account (issue 30), kept apart from the real one: a paper
 * account is synced by its own fills, so its sync reads nothing from the exchange. With a live
 * strategy's id they answer that strategy's own positions (issue 39, point 1), the ones its
 * alerts act on; without one, the account's positions at the venue.
 * GET /api/positions/breakdown: per coin the venue holds, each strategy's share and the part
 * outside hyperhook.
 */
export const positionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const positions = async (uid: string, strategyId: string | undefined) => {
    const paper = await paperAccountOfQuery(app.deps, uid, strategyId);
    if (paper !== null) return paper.positions;
    return strategyId === undefined ? queryPositions(app.deps.store.readStore, uid) : queryStrategyPositions(app.deps.store.readStore, uid, strategyId);
  };
  const schema = { tags: ['positions'], querystring: StrategyAccountQuerySchema, response: { 200: envelopeOf(PositionListSchema) } };

  app.get('/positions', { schema }, async (request) => ok(await positions(requireUser(request).uid, request.query.strategyId)));

  app.get(
    '/positions/breakdown',
    {
      schema: {
        tags: ['positions'],
        response: {
          200: envelopeOf(PositionBreakdownListSchema),
        },
      },
    },
    async (request) => ok(await queryPositionBreakdown(app.deps.store.readStore, requireUser(request).uid)),
  );

  // Registered as a static path, so it wins over `/positions/:symbol` (a coin named "sync" cannot shadow it).
  app.get('/positions/sync', { schema }, async (request) => {
    const user = requireUser(request);
    const { strategyId } = request.query;
    if ((await paperAccountOfQuery(app.deps, user.uid, strategyId)) === null) await syncAccount(app.deps, request.log, user.uid);
    return ok(await positions(user.uid, strategyId));
  });

  app.get(
    '/positions/:symbol',
    {
      schema: {
        tags: ['positions'],
        params: z.object({ symbol: z.string().min(1).max(50) }),
        querystring: StrategyAccountQuerySchema,
        response: { 200: envelopeOf(PositionViewSchema) },
      },
    },
    async (request) => {
      const wanted = request.params.symbol.toUpperCase();
      const found = (await positions(requireUser(request).uid, request.query.strategyId)).find((p) => p.symbol.toUpperCase() === wanted);
      if (found === undefined) throw new ApiError(404, `No open position for ${request.params.symbol}`);
      return ok(found);
    },
  );
};
