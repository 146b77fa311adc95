import { ALERT_MAX_BODY_BYTES, StrategyIdSchema, OrderPreviewSchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { previewOrder } from './previewOrder.js';

/**
 * The alert exactly as an alert source would post it: its text (JSON, or TradingView's text/plain
 * JSON) or an object. Its fields are checked by the domain's parser, so a bad field is a parse
 * refusal of the preview (200), named like the webhook log would name it, not a 400.
 */
const PreviewBodySchema = z.object({
  alert: z.union([z.string().max(ALERT_MAX_BODY_BYTES), z.record(z.string(), z.unknown())]).describe('The alert message, as text or as a JSON object'),
  strategyId: StrategyIdSchema.optional().describe('The strategy whose settings and paused state apply (default: the first strategy)'),
});

/** POST /api/orders/preview: what the executor would send for an alert right now, or why it would not. Nothing is sent. */
export const orderPreviewRoute: FastifyPluginAsyncZod = async (app) => {
  app.post('/orders/preview', { schema: { tags: ['orders'], body: PreviewBodySchema, response: { 200: envelopeOf(OrderPreviewSchema) } } }, async (request) =>
    ok(await previewOrder(app.deps, request.log, requireUser(request).uid, request.body.alert, request.body.strategyId)),
  );
};
