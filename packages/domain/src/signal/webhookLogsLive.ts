import { defineLiveReadModel } from '../readModels/liveReadModel.js';
import { toWebhookLogView } from './webhookLogsProjection.js';
import { queryWebhookLogs } from './webhookLogsQuery.js';
import { webhookLogsLiveShape } from './webhookLogsLiveShape.js';

/** The server's half of {@link webhookLogsLiveShape}: how a stored document becomes its view, and how a resync reads it. */
export const webhookLogsLive = defineLiveReadModel(webhookLogsLiveShape, {
  toView: toWebhookLogView,
  read: (reader, uid) => queryWebhookLogs(reader, uid),
});
