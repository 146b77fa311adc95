import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/apiError';

/**
 * Server state. Data stays fresh through `/api/live` pushes, not polling, so queries do not refetch
 * on focus; a refusal (4xx) is final, only network and server failures are retried. Data is kept a
 * day so the persisted copy can show the last loaded state offline.
 */
export function createQueryClient(): QueryClient {
  // react-query 5 assumes it starts online and only hears later online/offline events: an app
  // opened offline would fire its queries into the void and show their failures ("Failed to load
  // balance") instead of pausing them until the network is back.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
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
