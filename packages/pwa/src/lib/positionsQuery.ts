import { PositionListSchema, type PositionView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api/apiClient';
import { queryKeys } from './queryKeys';

/**
 * The user's open positions, newest update first. The live socket writes the same
 * key, so every screen that counts positions shares this one query.
 */
export const positionsQueryOptions = queryOptions({
  queryKey: queryKeys.positions,
  queryFn: (): Promise<PositionView[]> => api('/api/positions', { schema: PositionListSchema }),
});
