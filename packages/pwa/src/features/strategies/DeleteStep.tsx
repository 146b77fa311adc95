import type { StrategyView } from '@hyperhook/domain';
import { useMutation } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { failureMessage } from '../../lib/api/apiError';
import { useOnline } from '../../lib/offline/useOnline';
import { useStrategyCache } from '../../entities/strategies/useStrategyCache';
import { toast } from '../../lib/toasts/toastStore';
import { deleteStrategy } from './strategiesApi';

/** "Delete" asked first: the strategy's URL stops working at once; its logs and positions stay. */
export function DeleteStep({ strategy, row, onDone }: { strategy: StrategyView; row: RefObject<HTMLLIElement | null>; onDone: () => void }) {
  const online = useOnline();
  const { remove } = useStrategyCache();
  const remover = useMutation({
    mutationFn: () => deleteStrategy(strategy.id),
    onSuccess: () => {
      // The row goes: focus moves to the dialog's first field rather than to the page behind it.
      row.current?.closest<HTMLElement>('[role="dialog"]')?.querySelector<HTMLElement>('input')?.focus();
      remove(strategy.id);
      toast({ variant: 'success', title: `Strategy “${strategy.name}” deleted`, description: 'Its webhook URL no longer works; its logs stay.' });
    },
    onError: (error) =>
      toast({ variant: 'error', title: 'Unable to delete the strategy', description: failureMessage(error, 'Please try again in a moment.') }),
  });
  return (
    <div className="strategy-row__step notice notice--error" role="group" aria-label={`Delete “${strategy.name}”?`}>
      <p>
        <strong>Delete “{strategy.name}”?</strong> Its webhook URL stops working at once, so its alerts are refused. Its logs stay, and open positions are not
        closed.
      </p>
      <div className="button-row">
        <button type="button" className="btn btn--small" data-row-focus onClick={onDone}>
          Keep it
        </button>
        <button
          type="button"
          className="btn btn--small btn--danger-solid"
          disabled={!online || remover.isPending}
          aria-busy={remover.isPending}
          onClick={() => remover.mutate()}
        >
          {remover.isPending ? 'Deleting...' : 'Delete strategy'}
        </button>
      </div>
    </div>
  );
}
