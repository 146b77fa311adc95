import type { WebhookLogView } from '@hyperhook/domain';

/**
 * ExecutedAt − createdAt, as the api computes it (`latencyMs`), or from the two times
 * when only those arrived; undefined until the log is executed.
 */
export function latencyOf(log: WebhookLogView): number | undefined {
  if (log.latencyMs !== undefined) return log.latencyMs;
  if (log.executedAt === undefined) return undefined;
  const ms = Date.parse(log.executedAt) - Date.parse(log.createdAt);
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}
