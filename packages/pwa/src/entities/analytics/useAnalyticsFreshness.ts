import type { WebhookLogView } from '@hyperhook/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../lib/queryKeys';

/** What of the alerts can close a trade: which there are, their status, their fill. */
function fillsOf(logs: readonly WebhookLogView[] | undefined): string {
  return (logs ?? []).map((log) => `${log.webhookLogId}:${log.status}:${log.fill?.totalSz ?? ''}`).join('|');
}

/**
 * Reads the analytics again whenever an alert's fill changes in the webhook logs — those are pushed
 * live, the analytics are not — so a closed trade counts without a reload.
 */
export function useAnalyticsFreshness(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let seen = fillsOf(queryClient.getQueryData(queryKeys.webhookLogs));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.webhookLogs[0]) return;
      const now = fillsOf(queryClient.getQueryData(queryKeys.webhookLogs));
      if (now === seen) return;
      seen = now;
      void queryClient.invalidateQueries({ queryKey: queryKeys.analytics });
    });
  }, [queryClient]);
}
