import type { SignalStatus } from '../../events/signalStatus.js';
import { toReadModelDoc, type ReadModelReader } from '../readModelReader.js';
import { WEBHOOK_LOGS_CAP, type WebhookLogView } from './webhookLogView.js';
import { toWebhookLogView, WEBHOOK_LOGS_COLLECTION, type WebhookLogData } from './webhookLogsProjection.js';

/** Which of a user's logs to read: at most `limit` (the cap by default), of one status if given. */
export interface WebhookLogsQuery {
  readonly limit?: number;
  readonly status?: SignalStatus;
}

/** A user's logs, newest receivedAt first, as the client's view; a document of anyone else is never returned. */
export async function queryWebhookLogs(reader: ReadModelReader, uid: string, query: WebhookLogsQuery = {}): Promise<WebhookLogView[]> {
  const docs = await reader.query(WEBHOOK_LOGS_COLLECTION, {
    userId: uid,
    sortBy: 'receivedAt',
    order: 'desc',
    limit: query.limit ?? WEBHOOK_LOGS_CAP,
    ...(query.status !== undefined ? { where: { status: query.status } } : {}),
  });
  return docs.filter((doc) => doc.userId === uid).map((doc) => toWebhookLogView(toReadModelDoc<WebhookLogData>(WEBHOOK_LOGS_COLLECTION, doc)));
}
