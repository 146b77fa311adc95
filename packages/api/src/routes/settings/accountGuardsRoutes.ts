import { AccountGuardsSchema, strategiesDecider } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { loadStrategies } from '../strategies/strategyViews.js';

const AccountGuardsAnswer = envelopeOf(AccountGuardsSchema);

/**
 * GET/PUT /api/account/filters (issue 42): the account's daily loss limit, over every live
 * strategy, in a time zone; an empty object removes it. Read from the user stream, as the
 * executor reads it, so what the trader sees is what holds.
 */
export const accountGuardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const current = async (uid: string) => (await loadStrategies(deps, uid)).accountGuards ?? {};

  app.get('/account/filters', { schema: { tags: ['settings'], response: { 200: AccountGuardsAnswer } } }, async (request) =>
    ok(await current(requireUser(request).uid)),
  );

  app.put('/account/filters', { schema: { tags: ['settings'], body: AccountGuardsSchema, response: { 200: AccountGuardsAnswer } } }, async (request) => {
    const user = requireUser(request);
    await handleUserCommand(deps.store.eventStore, user.uid, strategiesDecider, {
      type: 'SetAccountGuards',
      guards: request.body,
      at: deps.clock().toISOString(),
    });
    return ok(await current(user.uid));
  });
};
