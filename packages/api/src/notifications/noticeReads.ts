import {
  accountStreamId,
  queryPositions,
  queryWebhookLogs,
  WEBHOOK_LOGS_CAP,
  WEBHOOK_LOGS_COLLECTION,
  type FillRecorded,
  type WebhookLogData,
} from '@hyperhook/domain';
import { decodeStreamEvents } from '@hyperhook/eventsourcing';
import type { EventStore, ReadStore } from '@hyperhook/store';
import { countAlerts, realisedPnl, type DailyFacts, type LastAlert } from './scheduledNotices.js';

/**
 * A strategy's last alert, from its newest log row (the projection of every SignalReceived), so a
 * restart knows it without reading the log again.
 */
export async function lastAlertOf(readStore: ReadStore, uid: string, strategyId: string): Promise<LastAlert | null> {
  const [row] = await queryWebhookLogs(readStore, uid, { strategyId, limit: 1 });
  if (row === undefined) return null;
  const coin = (row.payload as { coin?: unknown } | null)?.coin;
  return { signalId: row.webhookLogId, receivedAt: row.createdAt, symbol: typeof coin === 'string' ? coin : null };
}

/**
 * What the daily summary says of [from, to): the alerts from the log rows (the newest 200 the read
 * model keeps: a busier day says "200+"), the realised P&L from the fills on `account-<uid>`, the
 * open positions from the positions read model.
 */
export async function dailyFactsOf(
  store: { readonly eventStore: EventStore; readonly readStore: ReadStore },
  uid: string,
  from: number,
  to: number,
): Promise<DailyFacts> {
  const [docs, account, positions] = await Promise.all([
    store.readStore.query(WEBHOOK_LOGS_COLLECTION, { userId: uid, sortBy: 'receivedAt', order: 'desc', limit: WEBHOOK_LOGS_CAP }),
    store.eventStore.readStream(accountStreamId(uid)),
    queryPositions(store.readStore, uid),
  ]);
  // The projection writes these documents in this shape (WebhookLogData); the store sees JSON.
  const rows = docs.filter((doc) => doc.userId === uid).map((doc) => doc.data as unknown as WebhookLogData);
  const fills = decodeStreamEvents(account).flatMap((event) => (event.type === 'FillRecorded' ? [event.data as FillRecorded['data']] : []));
  return {
    alerts: countAlerts(rows, from, to, WEBHOOK_LOGS_CAP),
    realised: realisedPnl(fills, from, to),
    positions: positions.map(({ symbol, side, size, unrealizedPnl }) => ({ symbol, side, size, unrealizedPnl })),
  };
}
