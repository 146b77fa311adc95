import type { TradingSwitchView } from '@hyperhook/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureMessage } from '../../lib/api/apiError';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../../lib/auth/useAuth';
import { toast } from '../../lib/toasts/toastStore';
import { pauseAllTrading, resumeAllTrading, tradingQueryOptions } from './tradingApi';

/**
 * The kill switch: its state (GET /api/trading) and the two actions. Each action's answer is the
 * new state, written to the query at once, so the header, the banner and the dialog agree without
 * another read. Outcomes are toasted; a failure shows the api's own message.
 */
export function useTradingSwitch() {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery({ ...tradingQueryOptions, enabled: status === 'signedIn' });
  const settle = (view: TradingSwitchView) => queryClient.setQueryData(queryKeys.trading, view);
  const pause = useMutation({
    mutationFn: pauseAllTrading,
    onSuccess: (view) => {
      settle(view);
      toast({ variant: 'warning', title: 'All trading paused', description: 'Alerts are logged, not traded, until you resume.' });
    },
    onError: (error) => toast({ variant: 'error', title: 'Unable to pause trading', description: failureMessage(error, 'Failed to pause trading') }),
  });
  const resume = useMutation({
    mutationFn: resumeAllTrading,
    onSuccess: (view) => {
      settle(view);
      toast({ variant: 'success', title: 'Trading resumed', description: 'New alerts are traded again.' });
    },
    onError: (error) => toast({ variant: 'error', title: 'Unable to resume trading', description: failureMessage(error, 'Failed to resume trading') }),
  });
  return {
    /** True only when the api said so: unknown (loading, failed) reads as running. */
    paused: query.data?.paused === true,
    pausedSince: query.data?.pausedSince ?? null,
    pause: () =>
      pause.mutateAsync().then(
        () => true,
        () => false,
      ),
    resume: () =>
      resume.mutateAsync().then(
        () => true,
        () => false,
      ),
    busy: pause.isPending || resume.isPending,
  };
}
