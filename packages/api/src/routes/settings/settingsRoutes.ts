import { querySettings, SettingsBodySchema, settingsDecider, SettingsSchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';

const SettingsAnswer = envelopeOf(SettingsSchema);

/** GET/PUT /api/settings and POST /api/settings/reset. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const current = (uid: string) => querySettings(app.deps.store.readStore, uid);

  app.get('/settings', { schema: { tags: ['settings'], response: { 200: SettingsAnswer } } }, async (request) => ok(await current(requireUser(request).uid)));

  app.put('/settings', { schema: { tags: ['settings'], body: SettingsBodySchema, response: { 200: SettingsAnswer } } }, async (request) => {
    const user = requireUser(request);
    const outcome = await handleUserCommand(app.deps.store.eventStore, user.uid, settingsDecider, {
      type: 'UpdateSettings',
      settings: request.body,
      at: app.deps.clock().toISOString(),
    });
    await awaitProjection(app.deps, request.log, outcome.position);
    return ok(await current(user.uid));
  });

  app.post('/settings/reset', { schema: { tags: ['settings'], response: { 200: SettingsAnswer } } }, async (request) => {
    const user = requireUser(request);
    const outcome = await handleUserCommand(app.deps.store.eventStore, user.uid, settingsDecider, {
      type: 'ResetSettings',
      at: app.deps.clock().toISOString(),
    });
    await awaitProjection(app.deps, request.log, outcome.position);
    return ok(await current(user.uid));
  });
};
