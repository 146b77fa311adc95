import { PaperOrderListSchema, ProtectiveOrderListSchema, type PaperOrderView, type ProtectiveOrderView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/**
 * GET /api/orders/open?strategyId= (issue 39): the stop-losses and take-profits live at
 * Hyperliquid for one strategy's own position, or every strategy's without `strategyId`. Read
 * again when the strategies' ledger changes (applyLiveMessage): a stop placed after a fill is pushed.
 */
export function protectiveOrdersQueryOptions(strategyId: string | null) {
  const query = strategyId === null ? '' : `?strategyId=${encodeURIComponent(strategyId)}`;
  return queryOptions({
    queryKey: queryKeys.protectiveOrders(strategyId),
    queryFn: (): Promise<ProtectiveOrderView[]> => api(`/api/orders/open${query}`, { schema: ProtectiveOrderListSchema }),
  });
}

/**
 * A paper strategy's stop-losses and take-profits live on its paper account (issue 41, point 3),
 * from the same route: not pushed live, so kept with the paper account's reads and read again
 * with them as the strategy's alerts change (usePaperAccountFreshness), on every showing and on focus.
 */
export function paperProtectiveOrdersQueryOptions(strategyId: string) {
  return queryOptions({
    queryKey: queryKeys.paperProtection(strategyId),
    queryFn: (): Promise<ProtectiveOrderView[]> => api(`/api/orders/open?strategyId=${encodeURIComponent(strategyId)}`, { schema: ProtectiveOrderListSchema }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** The limit orders resting on a paper strategy's paper account (GET /api/orders/paper, issue 41, point 3), read with the paper account. */
export function paperOrdersQueryOptions(strategyId: string) {
  return queryOptions({
    queryKey: queryKeys.paperOrders(strategyId),
    queryFn: (): Promise<PaperOrderView[]> => api(`/api/orders/paper?strategyId=${encodeURIComponent(strategyId)}`, { schema: PaperOrderListSchema }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
