import { SignalStatusSchema, toWebhookLogView, WEBHOOK_LOGS_CAP, WEBHOOK_LOGS_COLLECTION, WebhookLogViewSchema, type WebhookLogDoc } from '@hyperhook/domain';
import type { JsonObject } from '@hyperhook/store';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';

/**
 * GET /api/webhook-logs?limit=&status=: the user's logs from the read
 * model, newest receivedAt first, at most 200, as the derived view
 * with latency and stage timestamps.
 */
export const webhookLogsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/webhook-logs',
    {
      schema: {
        tags: ['webhook logs'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(WEBHOOK_LOGS_CAP).default(WEBHOOK_LOGS_CAP), status: SignalStatusSchema.optional() }),
        response: { 200: envelopeOf(z.array(WebhookLogViewSchema)) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const docs = await app.deps.store.readStore.query<JsonObject>(WEBHOOK_LOGS_COLLECTION, {
        userId: user.uid,
        sortBy: 'receivedAt',
        order: 'desc',
        limit: request.query.limit,
        ...(request.query.status ? { where: { status: request.query.status } } : {}),
      });
      return ok(
        docs
          .filter((doc) => doc.userId === user.uid)
          .map((doc) => toWebhookLogView({ collection: WEBHOOK_LOGS_COLLECTION, id: doc.id, userId: user.uid, version: doc.version, data: doc.data } as unknown as WebhookLogDoc)),
      );
    },
  );
};
