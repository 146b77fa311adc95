import type { StrategyView } from '@hyperhook/domain';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { failureMessage } from '../../lib/api/apiError';
import { useOnline } from '../../lib/offline/useOnline';
import { useStrategyCache } from '../../entities/strategies/useStrategyCache';
import { toast } from '../../lib/toasts/toastStore';
import { isNoCredentialsError, promoteStrategy } from './strategiesApi';
import { useStrategiesDialogStore } from './strategiesDialogStore';

/**
 * "Trade live" asked first (issue 30): from then on its alerts are real orders on the trader's
 * Hyperliquid account, same settings and URL. Without saved API keys the api refuses: the step
 * then says so and leads to the API KEYS tab.
 */
export function PromoteStep({ strategy, onDone }: { strategy: StrategyView; onDone: () => void }) {
  const online = useOnline();
  const [, navigate] = useLocation();
  const closeDialog = useStrategiesDialogStore((state) => state.close);
  const { put } = useStrategyCache();
  const promote = useMutation({
    mutationFn: () => promoteStrategy(strategy.id),
    onSuccess: (view) => {
      put(view);
      toast({ variant: 'warning', title: `“${view.name}” now trades live`, description: 'Its next alerts are real orders on your Hyperliquid account.' });
      onDone();
    },
  });
  const noKeys = promote.isError && isNoCredentialsError(promote.error);
  return (
    <div className="strategy-row__step notice notice--error" role="group" aria-label={`Trade “${strategy.name}” live?`}>
      <p>
        <strong>Trade “{strategy.name}” live?</strong> Its alerts become real orders with real money on your Hyperliquid account, signed by the API wallet you
        saved. Its settings and webhook URL stay; its paper account is left behind.
      </p>
      {promote.isError && (
        <div role="alert" className="strategy-row__refusal">
          <p>{failureMessage(promote.error, 'Failed to move the strategy to your account')}</p>
          {noKeys && (
            <button
              type="button"
              className="btn btn--small btn--primary"
              onClick={() => {
                closeDialog();
                navigate('/dashboard?tab=keys');
              }}
            >
              Go to API KEYS
            </button>
          )}
        </div>
      )}
      <div className="button-row">
        <button type="button" className="btn btn--small" data-row-focus onClick={onDone}>
          Keep on paper
        </button>
        {!noKeys && (
          <button
            type="button"
            className="btn btn--small btn--danger-solid"
            disabled={!online || promote.isPending}
            aria-busy={promote.isPending}
            onClick={() => promote.mutate()}
          >
            {promote.isPending ? 'Moving...' : 'Trade live with real money'}
          </button>
        )}
      </div>
    </div>
  );
}
