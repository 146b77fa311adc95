import { defineLiveShape, itemsSnapshot } from '../readModels/liveReadModel.js';
import { WebhookLogListSchema, WebhookLogViewSchema } from './webhookLogView.js';
import { WEBHOOK_LOGS_COLLECTION } from './webhookLogsProjection.js';

/** Webhook logs, live: each changed log as GET /api/webhook-logs answers it; the resync holds the newest 200, a bad one left out alone. */
export const webhookLogsLiveShape = defineLiveShape({
  kind: WEBHOOK_LOGS_COLLECTION,
  snapshotKey: 'webhookLogs',
  view: WebhookLogViewSchema,
  snapshot: itemsSnapshot(WebhookLogViewSchema, WebhookLogListSchema),
});
