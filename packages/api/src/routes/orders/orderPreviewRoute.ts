import { OrderPreviewBodySchema, OrderPreviewSchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { previewOrder } from './previewOrder.js';

/** POST /api/orders/preview: what the executor would send for an alert right now, or why it would not. Nothing is sent. */
export const orderPreviewRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/preview',
    { schema: { tags: ['orders'], body: OrderPreviewBodySchema, response: { 200: envelopeOf(OrderPreviewSchema) } } },
    async (request) => ok(await previewOrder(app.deps, request.log, requireUser(request).uid, request.body.alert, request.body.strategyId)),
  );
};
