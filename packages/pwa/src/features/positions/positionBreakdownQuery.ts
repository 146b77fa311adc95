import { PositionBreakdownListSchema, type PositionBreakdown } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/**
 * GET /api/positions/breakdown (issue 39): per coin the venue holds, each strategy's signed share
 * and the part outside hyperhook. Read again as the account's positions change (applyLiveMessage).
 */
export const positionBreakdownQueryOptions = queryOptions({
  queryKey: queryKeys.positionBreakdown,
  queryFn: (): Promise<PositionBreakdown[]> => api('/api/positions/breakdown', { schema: PositionBreakdownListSchema }),
});
