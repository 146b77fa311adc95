import { accountDecider, WebhookUrlViewSchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentSealedSecret, newWebhookSecret, webhookUrl } from '../../accounts/webhookSecret.js';
import { requireUser } from '../../auth/authPlugin.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { readUserStream } from '@hyperhook/eventsourcing';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from './schemas.js';

const WebhookUrlSchema = envelopeOf(WebhookUrlViewSchema);

/**
 * GET /api/auth/webhook-url and POST /api/auth/regenerate-webhook-secret. The secret is read from the
 * user's own stream and unsealed with the user bound into
 * the AAD, so no other user's secret can ever be shown.
 */
export const webhookUrlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/webhook-url', { schema: { tags: ['webhook'], response: { 200: WebhookUrlSchema } } }, async (request) => {
    const user = requireUser(request);
    const { events } = await readUserStream(app.deps.store.eventStore, user.uid);
    const sealed = currentSealedSecret(events);
    if (sealed === null) throw new ApiError(404, 'No webhook URL yet');
    const secret = await app.deps.sealers.webhook.unseal(user.uid, sealed);
    return ok({ webhookUrl: webhookUrl(app.deps.config.publicUrl, secret) });
  });

  app.post('/auth/regenerate-webhook-secret', { schema: { tags: ['webhook'], response: { 200: WebhookUrlSchema } } }, async (request) => {
    const user = requireUser(request);
    const { events } = await readUserStream(app.deps.store.eventStore, user.uid);
    const previous = currentSealedSecret(events);
    const secret = await newWebhookSecret(app.deps.sealers.webhook, user.uid);
    let outcome;
    try {
      outcome = await handleUserCommand(app.deps.store.eventStore, user.uid, accountDecider, {
        type: 'RotateWebhookSecret',
        secretHash: secret.secretHash,
        sealedSecret: secret.sealedSecret,
        at: app.deps.clock().toISOString(),
      });
    } catch (error) {
      await app.deps.sealers.webhook.destroy(secret.sealedSecret.keyId);
      throw error;
    }
    // The old sealed copy is no longer needed: shred it so the old URL cannot be recovered from the log.
    if (previous !== null) await app.deps.sealers.webhook.destroy(previous.keyId);
    await awaitProjection(app.deps, request.log, outcome.position);
    return ok({ webhookUrl: webhookUrl(app.deps.config.publicUrl, secret.secret) });
  });
};
