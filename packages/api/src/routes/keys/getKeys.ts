import { CredentialsRecordSchema, queryKeySummary } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { checkApprovalInBackground } from './confirmApproval.js';

/**
 * GET /api/keys → the credentials record, from the key summary read model. An unnamed wallet still
 * `checking` has its approval check started again when none runs here for it (after a restart).
 */
export const getKeysRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/keys', { schema: { tags: ['keys'], response: { 200: envelopeOf(CredentialsRecordSchema) } } }, async (request) => {
    const user = requireUser(request);
    const record = await queryKeySummary(app.deps.store.readStore, user.uid);
    const { approval, apiWalletAddress, accountAddress, isTestnet } = record;
    if (approval === 'checking' && apiWalletAddress !== null && accountAddress !== null) {
      const exchange = app.deps.hyperliquid(isTestnet);
      checkApprovalInBackground({ ...app.deps, exchange }, request.log, { uid: user.uid, apiWalletAddress, accountAddress, isTestnet });
    }
    return ok(record);
  });
};
