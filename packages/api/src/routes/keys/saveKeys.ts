import { credentialsDecider, CredentialsRecordSchema, queryKeySummary, SaveKeysBodySchema, validateCredentialsInput } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { budgetRefusal, tooManyRequests } from '../../http/venueRefusal.js';
import { envelopeOf } from '../auth/schemas.js';
import { recordAccountSnapshot } from '../positions/syncAccount.js';
import { checkApprovalInBackground } from './confirmApproval.js';

/**
 * POST /api/keys: checks the form, asks Hyperliquid — on the network the user chose — that the API
 * wallet derives from the key and is approved for the main account (verifyAgentKey: 20 weight for a
 * named agent, remembered for the account; a wallet `extraAgents` does not list is saved
 * unconfirmed and its `userRole` asked in the background, confirmApproval.ts), reads the account's
 * mode once so orders need not, seals the private key under a new data key, and records
 * CredentialsSaved (the decider shreds the previous key). Then it takes the account's first snapshot, so a first alert finds it (best
 * effort: the keys are saved either way). Answers the new credentials record.
 */
export const saveKeysRoute: FastifyPluginAsyncZod = async (app) => {
  app.post('/keys', { schema: { tags: ['keys'], body: SaveKeysBodySchema, response: { 200: envelopeOf(CredentialsRecordSchema) } } }, async (request) => {
    const user = requireUser(request);
    const input = validateCredentialsInput(request.body);
    if (!input.ok) throw input.error;
    const { apiWalletAddress, accountAddress, privateKey, isTestnet } = input.value;
    const exchange = app.deps.hyperliquid(isTestnet);

    const check = await exchange.verifyAgentKey({ privateKey, apiWalletAddress, accountAddress, isTestnet }, { deferUnnamed: true });
    if (!check.ok) {
      if (check.problem === 'busy') throw tooManyRequests(check.message, check.retryAfterMs ?? 10_000, check.problem);
      throw new ApiError(check.transient ? 503 : 400, check.message, { code: check.problem });
    }
    // Undefined when the venue does not say or cannot now: it is then read, or inferred, when needed.
    const accountMode = await exchange.accountMode({ accountAddress, isTestnet });

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
        ...(accountMode !== undefined ? { accountMode } : {}),
        ...(check.validUntil !== null ? { validUntil: new Date(check.validUntil).toISOString() } : {}),
        ...(check.confirmed ? {} : { unconfirmed: true as const }),
      });
    } catch (error) {
      // Nothing references the new data key: destroy it rather than leave an orphan.
      await app.deps.sealers.credentials.destroy(sealed.keyId);
      throw error;
    }
    for (const event of outcome.events) {
      if (event.type === 'CredentialsDeleted') await app.deps.sealers.credentials.destroy(event.data.dataKeyId);
    }
    if (!check.confirmed) {
      const wallet = { uid: user.uid, apiWalletAddress, accountAddress, isTestnet };
      checkApprovalInBackground({ ...app.deps, exchange }, request.log, wallet);
    }
    await awaitProjection(app.deps, request.log, outcome.position);
    await recordAccountSnapshot(app.deps, request.log, user.uid, { accountAddress, isTestnet, mode: accountMode }, 'keys').catch((error: unknown) => {
      request.log.info({ refused: budgetRefusal(error) !== undefined }, 'first account snapshot not taken at key save; the first order reads it');
    });
    return ok(await queryKeySummary(app.deps.store.readStore, user.uid));
  });
};
