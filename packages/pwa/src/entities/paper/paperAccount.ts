import { BalanceViewSchema, type BalanceView, type WebhookLogView } from '@hyperhook/domain';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/**
 * A paper strategy's balance (GET /api/balance?strategyId=, issue 30): never read from the
 * exchange, so it needs no keys. Not pushed over /api/live: read on every showing and on focus,
 * and again as the strategy's alerts change (usePaperAccountFreshness).
 */
export function paperBalanceQueryOptions(strategyId: string) {
  return queryOptions({
    queryKey: queryKeys.paperBalance(strategyId),
    queryFn: (): Promise<BalanceView> => api(`/api/balance?strategyId=${encodeURIComponent(strategyId)}`, { schema: BalanceViewSchema }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** What of a strategy's alerts can move its paper account: which there are, their status, their fill. */
function alertsOf(queryClient: ReturnType<typeof useQueryClient>, strategyId: string): string {
  const logs = queryClient.getQueryData<WebhookLogView[]>(queryKeys.webhookLogs) ?? [];
  return logs
    .filter((log) => log.strategyId === strategyId)
    .map((log) => `${log.webhookLogId}:${log.status}:${log.fill?.totalSz ?? ''}`)
    .join('|');
}

/**
 * Reads a paper account again whenever its strategy's alerts change in the logs — those are pushed
 * live, the paper account is not — so a fill shows without a reload. Null: no paper account shown.
 */
export function usePaperAccountFreshness(strategyId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (strategyId === null) return;
    let seen = alertsOf(queryClient, strategyId);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.webhookLogs[0]) return;
      const now = alertsOf(queryClient, strategyId);
      if (now === seen) return;
      seen = now;
      void queryClient.invalidateQueries({ queryKey: queryKeys.paper(strategyId) });
    });
  }, [queryClient, strategyId]);
}
