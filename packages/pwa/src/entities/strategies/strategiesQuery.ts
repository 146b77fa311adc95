import { StrategyListSchema, type StrategyView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/**
 * GET /api/strategies (issue 29). Each view carries its webhook URL, a secret, so the list is kept
 * out of the offline copy of the cache (`persist: false`), as the account's URL is. Read again when
 * the app regains focus: a strategy paused on another device shows when the trader comes back.
 */
export const strategiesQueryOptions = queryOptions({
  queryKey: queryKeys.strategies,
  queryFn: (): Promise<StrategyView[]> => api('/api/strategies', { schema: StrategyListSchema }),
  meta: { persist: false },
  refetchOnWindowFocus: true,
});
