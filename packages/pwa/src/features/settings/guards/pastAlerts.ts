import { ALERT_TIME_FIELDS, type PastAlert, type WebhookLogView } from '@hyperhook/domain';

/** How many of a strategy's alerts the guards' preview replays (issue 42). */
export const PREVIEW_ALERTS = 50;

const ENTRY_SIDE: Readonly<Record<string, 'long' | 'short'>> = { buy: 'long', sell: 'short', long: 'long', short: 'short' };

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * A strategy's last PREVIEW_ALERTS alerts, oldest first, as the guards' preview replays them: an
 * accepted alert's payload is its parsed alert, whose target (else action) says whether it enters
 * and on which side. Alerts that never parsed (no coin) are left out: no guard saw them either.
 */
export function pastAlertsOf(logs: readonly WebhookLogView[], strategyId: string): PastAlert[] {
  const mine = logs.filter((log) => log.strategyId === strategyId).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const alerts: PastAlert[] = [];
  for (const log of mine.slice(0, PREVIEW_ALERTS)) {
    const payload = record(log.payload);
    if (typeof payload.coin !== 'string') continue;
    const wanted = typeof payload.target === 'string' ? payload.target : payload.action;
    const side = typeof wanted === 'string' ? (ENTRY_SIDE[wanted] ?? null) : null;
    const field = ALERT_TIME_FIELDS.find((name) => name === payload.sentAtField);
    alerts.push({
      logId: log.webhookLogId,
      receivedAt: log.createdAt,
      coin: payload.coin,
      side,
      ...(typeof payload.sentAt === 'string' ? { sentAt: payload.sentAt, sentAtField: field ?? 'timestamp' } : {}),
      ...(typeof payload.maxLag === 'number' ? { maxLag: payload.maxLag } : {}),
      entered: side !== null && log.status === 'executed',
    });
  }
  return alerts.reverse();
}
