import { BalanceViewSchema, type BalanceView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { ApiError } from '../../lib/api/apiError';
import { queryKeys } from '../../lib/queryKeys';

/** A balance failure without a message of its own. */
export const BALANCE_FAILED = 'Failed to load balance';

/** The api's refusal when the user has not connected exchange keys (GET /api/balance, positions sync). */
export const NO_KEYS_MESSAGE = 'No API keys configured';

/** Reads the balance; `refresh` makes the api read the exchange first (Refresh Balance). */
export function fetchBalance(refresh = false): Promise<BalanceView> {
  return api(refresh ? '/api/balance?refresh=true' : '/api/balance', { schema: BalanceViewSchema });
}

/** True when the failure says no keys are connected: the screens ask to connect them, not report an error. */
export function isNoKeysError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.serverMessage === NO_KEYS_MESSAGE;
}

/**
 * The balance loads once, when there is none, none loading and no error. The live socket
 * keeps it fresh afterwards (so it never goes stale by itself), and a failure stays until the user
 * refreshes: no retries, no reload when another screen mounts or the network comes back.
 */
export const balanceQueryOptions = queryOptions({
  queryKey: queryKeys.balance,
  queryFn: () => fetchBalance(),
  staleTime: Infinity,
  retry: false,
  retryOnMount: false,
  refetchOnReconnect: false,
  refetchOnWindowFocus: false,
});
