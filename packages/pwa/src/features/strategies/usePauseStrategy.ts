import type { StrategyView } from '@hyperhook/domain';
import { useMutation } from '@tanstack/react-query';
import { failureMessage } from '../../lib/api/apiError';
import { toast } from '../../lib/toasts/toastStore';
import { strategyAction } from '../../entities/strategies/strategyAction';
import { useStrategyCache } from '../../entities/strategies/useStrategyCache';

/**
 * Pause or resume one strategy: a paused strategy's alerts are logged, not traded; the others
 * trade on. The answer is written to the cache; the outcome is toasted, a failure with the api's words.
 */
export function usePauseStrategy() {
  const { put } = useStrategyCache();
  const mutation = useMutation({
    mutationFn: ({ strategy, pause }: { strategy: StrategyView; pause: boolean }) => strategyAction(strategy.id, pause ? 'pause' : 'resume'),
    onSuccess: (view) => {
      put(view);
      if (view.paused) toast({ variant: 'warning', title: `${view.name} paused`, description: 'Its alerts are logged, not traded, until you resume it.' });
      else toast({ variant: 'success', title: `${view.name} resumed`, description: 'Its new alerts are traded again.' });
    },
    onError: (error, { pause }) =>
      toast({
        variant: 'error',
        title: pause ? 'Unable to pause the strategy' : 'Unable to resume the strategy',
        description: failureMessage(error, 'Please try again in a moment.'),
      }),
  });
  return {
    setPaused: (strategy: StrategyView, pause: boolean) => mutation.mutate({ strategy, pause }),
    /** The strategy being paused or resumed, if any. */
    busyId: mutation.isPending ? mutation.variables.strategy.id : null,
  };
}
