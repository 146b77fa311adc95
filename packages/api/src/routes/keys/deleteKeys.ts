import { credentialsDecider, KeysDeletedViewSchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';

/**
 * DELETE /api/keys: records CredentialsDeleted, then destroys the data key
 * (crypto-shredding: every sealed copy of the private key left in the log becomes unreadable).
 * Idempotent: deleting when nothing is stored answers the same.
 */
export const deleteKeysRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete('/keys', { schema: { tags: ['keys'], response: { 200: envelopeOf(KeysDeletedViewSchema) } } }, async (request) => {
    const user = requireUser(request);
    const outcome = await handleUserCommand(app.deps.store.eventStore, user.uid, credentialsDecider, {
      type: 'DeleteCredentials',
      at: app.deps.clock().toISOString(),
    });
    for (const event of outcome.events) {
      if (event.type === 'CredentialsDeleted') await app.deps.sealers.credentials.destroy(event.data.dataKeyId);
    }
    await awaitProjection(app.deps, request.log, outcome.position);
    return ok({ configured: false as const });
  });
};
