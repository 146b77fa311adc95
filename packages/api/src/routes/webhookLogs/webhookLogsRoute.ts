import { AlertRefusalsSchema, queryAlertRefusals, queryWebhookLogs, WebhookLogListSchema, WebhookLogsQuerySchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';

/**
 * GET /api/webhook-logs?limit=&status=&strategyId=: the user's logs from the read
 * model, newest receivedAt first, at most 200, as the derived view
 * with latency and stage timestamps; `strategyId` narrows them to one strategy's (issue 29).
 */
export const webhookLogsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/webhook-logs',
    {
      schema: {
        tags: ['webhook logs'],
        querystring: WebhookLogsQuerySchema,
        response: { 200: envelopeOf(WebhookLogListSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await queryWebhookLogs(app.deps.store.readStore, user.uid, request.query));
    },
  );

  /**
   * GET /api/webhook-logs/refusals (issue 32, point 2): the alerts the user's URLs refused past
   * the ceiling up to which refusals are logged one by one, counted by reason, with the latest count.
   */
  app.get('/webhook-logs/refusals', { schema: { tags: ['webhook logs'], response: { 200: envelopeOf(AlertRefusalsSchema) } } }, async (request) => {
    const user = requireUser(request);
    return ok(await queryAlertRefusals(app.deps.store.readStore, user.uid));
  });
};
