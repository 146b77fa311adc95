import type { StrategyView } from '@hyperhook/domain';
import { useMutation } from '@tanstack/react-query';
import { failureMessage } from '../../lib/api/apiError';
import { useOnline } from '../../lib/offline/useOnline';
import { strategyAction } from '../../entities/strategies/strategyAction';
import { useStrategyCache } from '../../entities/strategies/useStrategyCache';
import { toast } from '../../lib/toasts/toastStore';

/** "New URL" asked first: the strategy's current webhook URL stops working at once. */
export function RegenerateUrlStep({ strategy, onDone }: { strategy: StrategyView; onDone: () => void }) {
  const online = useOnline();
  const { put } = useStrategyCache();
  const regenerate = useMutation({
    mutationFn: () => strategyAction(strategy.id, 'regenerate-webhook-secret'),
    onSuccess: (view) => {
      put(view);
      toast({ variant: 'success', title: 'Webhook URL regenerated', description: `Give “${view.name}”’s new URL to its signal sources.` });
      onDone();
    },
    onError: (error) => toast({ variant: 'error', title: 'Unable to regenerate webhook', description: failureMessage(error, 'Please try again in a moment.') }),
  });
  return (
    <div className="strategy-row__step notice notice--warning" role="group" aria-label={`New webhook URL for “${strategy.name}”?`}>
      <p>
        <strong>New webhook URL for “{strategy.name}”?</strong> The current URL stops working at once: update every alert that uses it.
      </p>
      <div className="button-row">
        <button type="button" className="btn btn--small" data-row-focus onClick={onDone}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--small btn--danger"
          disabled={!online || regenerate.isPending}
          aria-busy={regenerate.isPending}
          onClick={() => regenerate.mutate()}
        >
          {regenerate.isPending ? 'Regenerating...' : 'Regenerate URL'}
        </button>
      </div>
    </div>
  );
}
