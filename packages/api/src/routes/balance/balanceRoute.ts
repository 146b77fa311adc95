import { BALANCES_COLLECTION, BalanceViewSchema, type BalanceDoc } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { syncAccount } from '../positions/syncAccount.js';
import { readUserDoc } from '../readUserDoc.js';

/**
 * GET /api/balance (API-18, ENT-17, ENT-18): the balances read model; before the first snapshot it
 * reads the exchange like a sync does (400 "No API keys configured" without keys).
 */
export const balanceRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/balance', { schema: { tags: ['balance'], response: { 200: envelopeOf(BalanceViewSchema) } } }, async (request) => {
    const user = requireUser(request);
    const read = () => readUserDoc<BalanceDoc>(app.deps.store.readStore, BALANCES_COLLECTION, user.uid);
    let doc = await read();
    if (doc === null) {
      await syncAccount(app.deps, request.log, user.uid);
      doc = await read();
    }
    if (doc === null) throw new ApiError(503, 'Failed to load balance');
    return ok(doc.data);
  });
};
