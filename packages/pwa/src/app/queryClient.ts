import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/apiError';

/**
 * Server state. Data stays fresh through `/api/live` pushes, not polling, so queries do not refetch
 * on focus; a refusal (4xx) is final, only network and server failures are retried. Data is kept a
 * day so the persisted copy can show the last loaded state offline.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 60 * 60 * 1000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
