import { OrderPreviewSchema, WebhookUrlViewSchema, type OrderPreview, type OrderPreviewBody } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

type WebhookUrlView = z.infer<typeof WebhookUrlViewSchema>;

/**
 * GET /api/auth/webhook-url. The URL carries the user's secret, so it is
 * kept out of the offline copy of the cache (`persist: false`). A failure is only logged.
 */
export const webhookUrlQueryOptions = queryOptions({
  queryKey: queryKeys.webhookUrl,
  queryFn: async (): Promise<WebhookUrlView> => {
    try {
      return await api('/api/auth/webhook-url', { schema: WebhookUrlViewSchema });
    } catch (error) {
      console.error('Failed to load webhook URL', error);
      throw error;
    }
  },
  meta: { persist: false },
});

/** POST /api/auth/regenerate-webhook-secret: a new secret; the old URL stops working. */
export function regenerateWebhookSecret(): Promise<WebhookUrlView> {
  return api('/api/auth/regenerate-webhook-secret', { method: 'POST', schema: WebhookUrlViewSchema });
}

/**
 * POST /api/orders/preview: what the executor would send for this alert text now, or why not.
 * Nothing is sent. With `strategyId`, that strategy's settings and pause apply (else the first's).
 */
export function previewOrder({ alert, strategyId }: { alert: string; strategyId?: string | undefined }): Promise<OrderPreview> {
  return api('/api/orders/preview', {
    method: 'POST',
    body: (strategyId === undefined ? { alert } : { alert, strategyId }) satisfies OrderPreviewBody,
    schema: OrderPreviewSchema,
  });
}
