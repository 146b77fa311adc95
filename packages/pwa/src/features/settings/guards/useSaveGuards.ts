import type { AlertGuards, StrategyView } from '@hyperhook/domain';
import { useMutation } from '@tanstack/react-query';
import { failureMessage } from '../../../lib/api/apiError';
import { useStrategyCache } from '../../../entities/strategies/useStrategyCache';
import { toast } from '../../../lib/toasts/toastStore';
import { saveGuards } from './guardsApi';

/** Saves a strategy's guards; the answer goes to the shared strategy cache, so every tab sees them at once. */
export function useSaveGuards(strategy: StrategyView) {
  const { put } = useStrategyCache();
  return useMutation({
    mutationFn: (next: AlertGuards) => saveGuards(strategy.id, next),
    onSuccess: (view) => {
      put(view);
      toast({ variant: 'success', title: 'Guards saved', description: `“${view.name}” holds back entries by these guards from now on.` });
    },
    onError: (error) => toast({ variant: 'error', title: 'Unable to save the guards', description: failureMessage(error, 'Failed to save the guards') }),
  });
}
