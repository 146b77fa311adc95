import { randomBytes } from 'node:crypto';
import {
  liveStrategies,
  PaperResetBodySchema,
  SettingsBodySchema,
  strategiesDecider,
  StrategyCreateBodySchema,
  StrategyGuardsBodySchema,
  StrategyDeletedViewSchema,
  StrategyIdSchema,
  StrategyListSchema,
  StrategyPatchBodySchema,
  StrategyViewSchema,
  type StrategyCommand,
} from '@hyperhook/domain';
import { loadUserProfile } from '@hyperhook/trading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newWebhookSecret } from '../../accounts/webhookSecret.js';
import { requireUser } from '../../auth/authPlugin.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { bindSubAccountCommand } from './bindSubAccount.js';
import { loadStrategies, oneStrategyView, strategyViews } from './strategyViews.js';

const StrategyAnswer = envelopeOf(StrategyViewSchema);
const StrategiesAnswer = envelopeOf(StrategyListSchema);
const Params = z.object({ id: StrategyIdSchema });
const DeletedAnswer = envelopeOf(StrategyDeletedViewSchema);

/** A new strategy's id: 72 random bits, base64url, plenty for the 20 strategies of one trader. */
function newStrategyId(): string {
  return `st_${randomBytes(9).toString('base64url')}`;
}

/**
 * The trader's strategies (issue 29, point 1): several webhook URLs, each with its own settings
 * and paused state. Every route is the caller's own: the user comes from the token and the id is
 * looked up in the caller's stream only, so another user's strategy is "Strategy not found".
 * Writes wait for the read models (intake's webhook routes, the logs) before answering.
 */
export const strategiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const now = () => deps.clock().toISOString();
  const run = async (uid: string, command: StrategyCommand, log: Parameters<typeof awaitProjection>[1]) => {
    const outcome = await handleUserCommand(deps.store.eventStore, uid, strategiesDecider, command);
    await awaitProjection(deps, log, outcome.position);
    return outcome;
  };

  app.get('/strategies', { schema: { tags: ['strategies'], response: { 200: StrategiesAnswer } } }, async (request) =>
    ok(await strategyViews(deps, requireUser(request).uid)),
  );

  app.post('/strategies', { schema: { tags: ['strategies'], body: StrategyCreateBodySchema, response: { 201: StrategyAnswer } } }, async (request, reply) => {
    const user = requireUser(request);
    const strategyId = newStrategyId();
    const { name, venue, paperBalance } = request.body;
    const secret = await newWebhookSecret(deps.sealers.webhook, user.uid);
    try {
      const webhookSecret = { secretHash: secret.secretHash, sealedSecret: secret.sealedSecret };
      const paper = { ...(venue === undefined ? {} : { venue }), ...(paperBalance === undefined ? {} : { paperBalance }) };
      await run(user.uid, { type: 'CreateStrategy', strategyId, name, ...paper, webhookSecret, at: now() }, request.log);
    } catch (error) {
      await deps.sealers.webhook.destroy(secret.sealedSecret.keyId);
      throw error;
    }
    return reply.status(201).send(ok(await oneStrategyView(deps, user.uid, strategyId)));
  });

  app.patch(
    '/strategies/:id',
    { schema: { tags: ['strategies'], params: Params, body: StrategyPatchBodySchema, response: { 200: StrategyAnswer } } },
    async (request) => {
      const user = requireUser(request);
      const { name, subAccountAddress } = request.body;
      const strategyId = request.params.id;
      if (name !== undefined) await run(user.uid, { type: 'RenameStrategy', strategyId, name, at: now() }, request.log);
      if (subAccountAddress !== undefined) await run(user.uid, await bindSubAccountCommand(deps, user.uid, strategyId, subAccountAddress, now()), request.log);
      return ok(await oneStrategyView(deps, user.uid, strategyId));
    },
  );

  app.put(
    '/strategies/:id/settings',
    { schema: { tags: ['strategies'], params: Params, body: SettingsBodySchema, response: { 200: StrategyAnswer } } },
    async (request) => {
      const user = requireUser(request);
      await run(user.uid, { type: 'UpdateStrategySettings', strategyId: request.params.id, settings: request.body, at: now() }, request.log);
      return ok(await oneStrategyView(deps, user.uid, request.params.id));
    },
  );

  // Guards before the order (issue 42): replaced whole; the decider checks each field and names it.
  app.put(
    '/strategies/:id/filters',
    { schema: { tags: ['strategies'], params: Params, body: StrategyGuardsBodySchema, response: { 200: StrategyAnswer } } },
    async (request) => {
      const user = requireUser(request);
      await run(user.uid, { type: 'SetStrategyGuards', strategyId: request.params.id, guards: request.body, at: now() }, request.log);
      return ok(await oneStrategyView(deps, user.uid, request.params.id));
    },
  );

  for (const [action, type] of [
    ['pause', 'PauseStrategy'],
    ['resume', 'ResumeStrategy'],
    ['reset-settings', 'ResetStrategySettings'],
  ] as const) {
    app.post(`/strategies/:id/${action}`, { schema: { tags: ['strategies'], params: Params, response: { 200: StrategyAnswer } } }, async (request) => {
      const user = requireUser(request);
      await run(user.uid, { type, strategyId: request.params.id, at: now() }, request.log);
      return ok(await oneStrategyView(deps, user.uid, request.params.id));
    });
  }

  // Paper trading (issue 30): a paper account starts over, or the strategy moves to the live account.
  app.post(
    '/strategies/:id/paper-reset',
    { schema: { tags: ['strategies'], params: Params, body: PaperResetBodySchema.optional(), response: { 200: StrategyAnswer } } },
    async (request) => {
      const user = requireUser(request);
      const balance = request.body?.balance;
      await run(user.uid, { type: 'ResetPaperAccount', strategyId: request.params.id, ...(balance === undefined ? {} : { balance }), at: now() }, request.log);
      return ok(await oneStrategyView(deps, user.uid, request.params.id));
    },
  );

  app.post('/strategies/:id/promote', { schema: { tags: ['strategies'], params: Params, response: { 200: StrategyAnswer } } }, async (request) => {
    const user = requireUser(request);
    if (!liveStrategies(await loadStrategies(deps, user.uid)).some((s) => s.id === request.params.id)) throw new ApiError(404, 'Strategy not found');
    // A live strategy trades the trader's Hyperliquid account: without keys it could only fail.
    if ((await loadUserProfile(deps.store.eventStore, user.uid)).credentials === null) {
      throw new ApiError(409, 'Save your Hyperliquid API keys first: a live strategy trades on your account.', { code: 'NO_CREDENTIALS' });
    }
    await run(user.uid, { type: 'PromoteStrategy', strategyId: request.params.id, at: now() }, request.log);
    return ok(await oneStrategyView(deps, user.uid, request.params.id));
  });

  app.post(
    '/strategies/:id/regenerate-webhook-secret',
    { schema: { tags: ['strategies'], params: Params, response: { 200: StrategyAnswer } } },
    async (request) => {
      const user = requireUser(request);
      const strategyId = request.params.id;
      const previous = liveStrategies(await loadStrategies(deps, user.uid)).find((s) => s.id === strategyId)?.sealedSecret ?? null;
      const secret = await newWebhookSecret(deps.sealers.webhook, user.uid);
      try {
        await run(
          user.uid,
          { type: 'RotateStrategyWebhookSecret', strategyId, secretHash: secret.secretHash, sealedSecret: secret.sealedSecret, at: now() },
          request.log,
        );
      } catch (error) {
        await deps.sealers.webhook.destroy(secret.sealedSecret.keyId);
        throw error;
      }
      // As for the account's URL: the old sealed copy is shredded, so the old URL cannot be recovered from the log.
      if (previous !== null) await deps.sealers.webhook.destroy(previous.keyId);
      return ok(await oneStrategyView(deps, user.uid, strategyId));
    },
  );

  app.delete('/strategies/:id', { schema: { tags: ['strategies'], params: Params, response: { 200: DeletedAnswer } } }, async (request) => {
    const user = requireUser(request);
    const strategyId = request.params.id;
    const sealed = (await loadStrategies(deps, user.uid)).strategies.find((s) => s.id === strategyId)?.sealedSecret ?? null;
    await run(user.uid, { type: 'DeleteStrategy', strategyId, at: now() }, request.log);
    // Its URL is dead from the event on; its sealed secret is shredded too, its alerts and orders stay.
    if (sealed !== null) await deps.sealers.webhook.destroy(sealed.keyId);
    return ok({ id: strategyId, deleted: true as const });
  });
};
