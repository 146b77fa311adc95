import { ProtectiveOrderViewSchema, type ProtectiveOrderView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

const ProtectiveOrderListSchema = z.array(ProtectiveOrderViewSchema);

/**
 * The executor places a position's stop after its fill, and no pushed document changes when it
 * does: reading again as the account's positions change (applyLiveMessage) can come too early, so
 * the list is also read every so often while it is on screen.
 */
const PROTECTION_REFRESH_MS = 15_000;

/**
 * GET /api/orders/open?strategyId= (issue 39): the stop-losses and take-profits live at
 * Hyperliquid for one strategy's own position, or every strategy's without `strategyId`.
 */
export function protectiveOrdersQueryOptions(strategyId: string | null) {
  const query = strategyId === null ? '' : `?strategyId=${encodeURIComponent(strategyId)}`;
  return queryOptions({
    queryKey: queryKeys.protectiveOrders(strategyId),
    queryFn: (): Promise<ProtectiveOrderView[]> => api(`/api/orders/open${query}`, { schema: ProtectiveOrderListSchema }),
    refetchInterval: PROTECTION_REFRESH_MS,
  });
}
