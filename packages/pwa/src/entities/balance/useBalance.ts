import type { BalanceView, StrategyView } from '@hyperhook/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../../lib/auth/useAuth';
import { paperBalanceQueryOptions, usePaperAccountFreshness } from '../paper/paperAccount';
import { isPaperStrategy } from '../strategies/pickStrategy';
import { BALANCE_FAILED, balanceQueryOptions, fetchBalance, isNoKeysError } from './balanceQuery';
import { failureMessage } from '../../lib/api/apiError';

/** The balance as the screens hold it. */
export interface BalanceState {
  readonly balance: BalanceView | null;
  /** A load or refresh is in progress. */
  readonly loading: boolean;
  /** The last load's failure, its own message else "Failed to load balance"; null when it succeeded. */
  readonly error: string | null;
  /** The last load failed because no exchange keys are connected. */
  readonly keysMissing: boolean;
  /** The balance is a paper strategy's (issue 30): no real money, never read from the exchange. */
  readonly paper: boolean;
  /** When the balance was last loaded or pushed (epoch ms), null before the first one. */
  readonly lastUpdated: number | null;
  /** Re-reads the exchange (GET /api/balance?refresh=true); failures land in `error`. */
  refresh(): Promise<void>;
}

/**
 * The user's balance: loaded once the user is signed in and auth has finished. Sign-out
 * clears it with the rest of the user's server state (AuthProvider). Given a paper strategy
 * (issue 30), its paper account's balance instead, read again as its alerts fill.
 */
export function useBalance(strategy?: StrategyView): BalanceState {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const paperId = isPaperStrategy(strategy) ? strategy.id : null;
  usePaperAccountFreshness(paperId);
  const live = useQuery({ ...balanceQueryOptions, enabled: status === 'signedIn' && paperId === null });
  const paper = useQuery({ ...paperBalanceQueryOptions(paperId ?? ''), enabled: status === 'signedIn' && paperId !== null });
  const query = paperId === null ? live : paper;
  const refresh = useCallback(async () => {
    try {
      if (paperId !== null) await queryClient.fetchQuery({ ...paperBalanceQueryOptions(paperId), staleTime: 0 });
      else await queryClient.fetchQuery({ ...balanceQueryOptions, queryFn: () => fetchBalance(true), staleTime: 0 });
    } catch {
      // The query holds the failure; the screens show it.
    }
  }, [queryClient, paperId]);
  return {
    paper: paperId !== null,
    balance: query.data ?? null,
    loading: query.isFetching,
    error: query.error === null ? null : failureMessage(query.error, BALANCE_FAILED),
    keysMissing: isNoKeysError(query.error),
    lastUpdated: query.dataUpdatedAt > 0 ? query.dataUpdatedAt : null,
    refresh,
  };
}
