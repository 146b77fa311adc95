import type { StrategyView } from '@hyperhook/domain';
import { useMutation } from '@tanstack/react-query';
import { useStrategyCache } from '../../entities/strategies/useStrategyCache';
import { toast } from '../../lib/toasts/toastStore';
import { bindSubAccount } from './strategiesApi';

/** Moves a live strategy to a sub-account by its address (null: back to the main account), then says where it trades. */
export function useBindSubAccount(strategy: StrategyView, onDone: () => void) {
  const { put } = useStrategyCache();
  return useMutation({
    mutationFn: (to: string | null) => bindSubAccount(strategy.id, to),
    onSuccess: (view) => {
      put(view);
      const where = view.subAccount === null ? 'your main account' : `sub-account ${view.subAccount.name ?? view.subAccount.address}`;
      toast({ variant: 'success', title: `“${view.name}” now trades on ${where}`, description: 'Its next alerts use that account’s margin and positions.' });
      onDone();
    },
  });
}
