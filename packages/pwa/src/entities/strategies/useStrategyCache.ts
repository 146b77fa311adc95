import type { StrategyView } from '@hyperhook/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../lib/queryKeys';
import { upsertStrategy } from './pickStrategy';

/**
 * Writes an answer of the strategies api into the cache, so the switcher, the banner and the tabs
 * agree at once without another read. The first strategy's URL is also the account's
 * (GET /api/auth/webhook-url), so its entry follows.
 */
export function useStrategyCache() {
  const queryClient = useQueryClient();
  const put = useCallback(
    (view: StrategyView) => {
      queryClient.setQueryData<StrategyView[]>(queryKeys.strategies, (list) => upsertStrategy(list, view));
      if (view.first) queryClient.setQueryData(queryKeys.webhookUrl, { webhookUrl: view.webhookUrl });
    },
    [queryClient],
  );
  const remove = useCallback(
    (id: string) => queryClient.setQueryData<StrategyView[]>(queryKeys.strategies, (list) => list?.filter((s) => s.id !== id)),
    [queryClient],
  );
  /** Reads the list again (after a change made through the account's own endpoints). */
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.strategies }), [queryClient]);
  return { put, remove, refresh };
}
