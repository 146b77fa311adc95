import { ExchangeBudgetViewSchema, type ExchangeBudgetView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/**
 * GET /api/exchange-budget: the server's use of Hyperliquid's per-IP request budget. A decoration
 * of the Positions tab: refreshed every 15 s while shown, never retried or reported on failure.
 */
export const exchangeBudgetQueryOptions = queryOptions({
  queryKey: queryKeys.exchangeBudget,
  queryFn: (): Promise<ExchangeBudgetView> => api('/api/exchange-budget', { schema: ExchangeBudgetViewSchema }),
  retry: false,
  refetchInterval: 15_000,
});
