import { ProtectiveOrderListSchema, type ProtectiveOrderView } from '@hyperhook/domain';
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
