import { BalanceQuerySchema, BalanceViewSchema, queryBalance } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { syncAccount } from '../positions/syncAccount.js';
import { paperAccountOfQuery } from '../strategies/strategyAccount.js';

/**
 * GET /api/balance: the balances read model; before the first snapshot it
 * reads the exchange like a sync does (400 "No API keys configured" without keys). With
 * `?refresh=true` it always syncs first, so the answer is the exchange's balance now;
 * the same 400 and 502 then apply. With `?strategyId=` of a paper strategy: its paper account's
 * balance (issue 30), never read from the exchange and never part of the real one.
 */
export const balanceRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/balance', { schema: { tags: ['balance'], querystring: BalanceQuerySchema, response: { 200: envelopeOf(BalanceViewSchema) } } }, async (request) => {
    const user = requireUser(request);
    const paper = await paperAccountOfQuery(app.deps, user.uid, request.query.strategyId);
    if (paper !== null) return ok(paper.balance);
    const read = () => queryBalance(app.deps.store.readStore, user.uid);
    if (request.query.refresh === 'true') await syncAccount(app.deps, request.log, user.uid);
    let balance = await read();
    if (balance === null) {
      await syncAccount(app.deps, request.log, user.uid);
      balance = await read();
    }
    if (balance === null) throw new ApiError(503, 'Failed to load balance');
    return ok(balance);
  });
};
