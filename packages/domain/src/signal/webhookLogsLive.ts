import { defineLiveReadModel, itemsSnapshot } from '../readModels/liveReadModel.js';
import { WebhookLogListSchema, WebhookLogViewSchema } from './webhookLogView.js';
import { toWebhookLogView, WEBHOOK_LOGS_COLLECTION } from './webhookLogsProjection.js';
import { queryWebhookLogs } from './webhookLogsQuery.js';

/** Webhook logs, live: each changed log as GET /api/webhook-logs answers it; the resync holds the newest 200, a bad one left out alone. */
export const webhookLogsLive = defineLiveReadModel({
  kind: WEBHOOK_LOGS_COLLECTION,
  snapshotKey: 'webhookLogs',
  view: WebhookLogViewSchema,
  toView: toWebhookLogView,
  read: (reader, uid) => queryWebhookLogs(reader, uid),
  snapshot: itemsSnapshot(WebhookLogViewSchema, WebhookLogListSchema),
});
