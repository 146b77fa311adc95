import type { SignalStatus } from './signalStatus.js';
import { FIRST_STRATEGY_ID } from '../eventModel/strategyIds.js';
import { toReadModelDoc, type ReadModelReader } from '../readModels/readModelReader.js';
import { WEBHOOK_LOGS_CAP, type WebhookLogView } from './webhookLogView.js';
import { toWebhookLogView, WEBHOOK_LOGS_COLLECTION, type WebhookLogData } from './webhookLogsProjection.js';

/** Which of a user's logs to read: at most `limit` (the cap by default), of one status and one strategy if given. */
export interface WebhookLogsQuery {
  readonly limit?: number;
  readonly status?: SignalStatus;
  readonly strategyId?: string;
}

/** The equality filter of a query; the first strategy's logs are those without a strategyId (see WebhookLogData). */
function whereOf(query: WebhookLogsQuery): Record<string, string | null> | undefined {
  const where: Record<string, string | null> = {};
  if (query.status !== undefined) where['status'] = query.status;
  if (query.strategyId !== undefined) where['strategyId'] = query.strategyId === FIRST_STRATEGY_ID ? null : query.strategyId;
  return Object.keys(where).length === 0 ? undefined : where;
}

/** A user's logs, newest receivedAt first, as the client's view; a document of anyone else is never returned. */
export async function queryWebhookLogs(reader: ReadModelReader, uid: string, query: WebhookLogsQuery = {}): Promise<WebhookLogView[]> {
  const where = whereOf(query);
  const docs = await reader.query(WEBHOOK_LOGS_COLLECTION, {
    userId: uid,
    sortBy: 'receivedAt',
    order: 'desc',
    limit: query.limit ?? WEBHOOK_LOGS_CAP,
    ...(where !== undefined ? { where } : {}),
  });
  return docs.filter((doc) => doc.userId === uid).map((doc) => toWebhookLogView(toReadModelDoc<WebhookLogData>(WEBHOOK_LOGS_COLLECTION, doc)));
}
