import { PositionListSchema, type PositionView, type StrategyView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { isPaperStrategy } from '../strategies/pickStrategy';

/** One positions read; both accounts' share this shape, so a screen can show either. */
function positionsRead(queryKey: readonly string[], path: string, paper: boolean) {
  return queryOptions({
    queryKey,
    queryFn: (): Promise<PositionView[]> => api(path, { schema: PositionListSchema }),
    // A paper account is not pushed over /api/live: read on every showing and on focus instead.
    ...(paper ? { staleTime: 0, refetchOnWindowFocus: true } : {}),
  });
}

/**
 * The user's open positions, newest update first. The live socket writes the same
 * key, so every screen that counts positions shares this one query.
 */
export const positionsQueryOptions = positionsRead(queryKeys.positions, '/api/positions', false);

/**
 * A paper strategy's positions (GET /api/positions?strategyId=, issue 30), read again as its
 * alerts change too (usePaperAccountFreshness).
 */
export function paperPositionsQueryOptions(strategyId: string) {
  return positionsRead(queryKeys.paperPositions(strategyId), `/api/positions?strategyId=${encodeURIComponent(strategyId)}`, true);
}

/**
 * A live strategy's own positions (GET /api/positions?strategyId=, issue 39): its size, its entry
 * and its P&L within the account. Read again as the account's positions change (applyLiveMessage).
 */
export function strategyOwnPositionsQueryOptions(strategyId: string) {
  return positionsRead(queryKeys.strategyOwnPositions(strategyId), `/api/positions?strategyId=${encodeURIComponent(strategyId)}`, false);
}

/**
 * The positions of the account a strategy trades on: a paper strategy's own (issue 30), else the
 * Hyperliquid account's, which every live strategy shares.
 */
export function accountPositionsQueryOptions(strategy: StrategyView | undefined) {
  return isPaperStrategy(strategy) ? paperPositionsQueryOptions(strategy.id) : positionsQueryOptions;
}
