import { CredentialsRecordSchema, queryKeySummary } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';

/** GET /api/keys → the credentials record, from the key summary read model. */
export const getKeysRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/keys', { schema: { tags: ['keys'], response: { 200: envelopeOf(CredentialsRecordSchema) } } }, async (request) => {
    const user = requireUser(request);
    return ok(await queryKeySummary(app.deps.store.readStore, user.uid));
  });
};
