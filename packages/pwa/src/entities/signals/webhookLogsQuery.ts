import { WebhookLogListSchema, type WebhookLogView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The user's webhook logs. Read once; the live socket then writes the
 * same key as alerts arrive and change status, so the tab never polls.
 */
export const webhookLogsQueryOptions = queryOptions({
  queryKey: queryKeys.webhookLogs,
  queryFn: (): Promise<WebhookLogView[]> => api('/api/webhook-logs', { schema: WebhookLogListSchema }),
});
