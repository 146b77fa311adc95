import { credentialsDecider, queryKeySummary, validateCredentialsInput } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { CredentialsRecordSchema, SaveKeysBodySchema } from './schemas.js';

/**
 * POST /api/keys: checks the form, asks Hyperliquid — on the network the
 * user chose — that the API wallet derives from the key and is approved for the main account, seals
 * the private key under a new data key, and records CredentialsSaved (the decider shreds the
 * previous key). Answers the new credentials record.
 */
export const saveKeysRoute: FastifyPluginAsyncZod = async (app) => {
  app.post('/keys', { schema: { tags: ['keys'], body: SaveKeysBodySchema, response: { 200: envelopeOf(CredentialsRecordSchema) } } }, async (request) => {
    const user = requireUser(request);
    const input = validateCredentialsInput(request.body);
    if (!input.ok) throw input.error;
    const { apiWalletAddress, accountAddress, privateKey, isTestnet } = input.value;

    const check = await app.deps.hyperliquid(isTestnet).verifyAgentKey({ privateKey, apiWalletAddress, accountAddress, isTestnet });
    if (!check.ok) throw new ApiError(check.transient ? 503 : 400, check.message, { code: check.problem });

    const sealed = await app.deps.sealers.credentials.seal(user.uid, privateKey);
    let outcome;
    try {
      outcome = await handleUserCommand(app.deps.store.eventStore, user.uid, credentialsDecider, {
        type: 'SaveCredentials',
        apiWalletAddress,
        accountAddress,
        isTestnet,
        sealedPrivateKey: sealed,
        at: app.deps.clock().toISOString(),
      });
    } catch (error) {
      // Nothing references the new data key: destroy it rather than leave an orphan.
      await app.deps.sealers.credentials.destroy(sealed.keyId);
      throw error;
    }
    for (const event of outcome.events) {
      if (event.type === 'CredentialsDeleted') await app.deps.sealers.credentials.destroy(event.data.dataKeyId);
    }
    await awaitProjection(app.deps, request.log, outcome.position);
    return ok(await queryKeySummary(app.deps.store.readStore, user.uid));
  });
};
