import { PositionListSchema, type PositionView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The user's open positions (API-14, API-29), newest update first. The live socket writes the same
 * key (TAB-POS-06), so every screen that counts positions shares this one query.
 */
export const positionsQueryOptions = queryOptions({
  queryKey: queryKeys.positions,
  queryFn: (): Promise<PositionView[]> => api('/api/positions', { schema: PositionListSchema }),
});
