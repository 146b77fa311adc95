import { useMutation } from '@tanstack/react-query';
import { formatUsd } from '../../lib/format/money';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { useStrategyCache } from '../../entities/strategies/useStrategyCache';
import { toast } from '../../lib/toasts/toastStore';
import { createStrategy, type NewStrategy } from './strategiesApi';

/** Creates a strategy and puts it on screen; `onCreated` clears the form before the toast says where its URL is. */
export function useCreateStrategy(onCreated: () => void) {
  const { put } = useStrategyCache();
  const { select } = useSelectedStrategy();
  return useMutation({
    mutationFn: (input: NewStrategy) => createStrategy(input),
    onSuccess: (view) => {
      put(view);
      select(view.id);
      onCreated();
      const where = view.venue === 'paper' ? ` It trades on paper with ${formatUsd(view.paper?.balance ?? 0)}.` : '';
      toast({
        variant: 'success',
        title: `Strategy “${view.name}” created`,
        description: `It is now on screen: its webhook URL is on the Webhook tab.${where}`,
      });
    },
  });
}
