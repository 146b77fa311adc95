import type { StrategyView } from '@hyperhook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { failureMessage } from '../../lib/api/apiError';
import { formatUsd } from '../../lib/format/money';
import { useOnline } from '../../lib/offline/useOnline';
import { queryKeys } from '../../lib/queryKeys';
import { useStrategyCache } from '../../entities/strategies/useStrategyCache';
import { toast } from '../../lib/toasts/toastStore';
import { usdcInput } from './paperInput';
import { resetPaperAccount } from './strategiesApi';

/**
 * "Reset paper account" asked first (issue 30): its positions go and it starts over with the
 * balance in the field, the current run's by default. The api's refusal sits under the field.
 */
export function ResetPaperStep({ strategy, onDone }: { strategy: StrategyView; onDone: () => void }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const { put } = useStrategyCache();
  const [balance, setBalance] = useState(String(strategy.paper?.balance ?? ''));
  const reset = useMutation({
    mutationFn: () => resetPaperAccount(strategy.id, usdcInput(balance)),
    onSuccess: (view) => {
      put(view);
      // Its positions and balance are the new run's: what the screens hold is the old one.
      void queryClient.invalidateQueries({ queryKey: queryKeys.paper(view.id) });
      toast({
        variant: 'success',
        title: 'Paper account reset',
        description: `“${view.name}” starts over with ${formatUsd(view.paper?.balance ?? 0)} and no positions.`,
      });
      onDone();
    },
  });
  return (
    <form
      className="strategy-row__step notice notice--warning"
      aria-label={`Reset the paper account of “${strategy.name}”?`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!reset.isPending && online) reset.mutate();
      }}
    >
      <p>
        <strong>Reset the paper account of “{strategy.name}”?</strong> Its paper positions are dropped and it starts over with the balance below. Its logs stay.
      </p>
      <Field label="Starting balance (USDC)" error={reset.isError ? failureMessage(reset.error, 'Failed to reset the paper account') : null}>
        <input
          className="input num"
          type="text"
          inputMode="decimal"
          value={balance}
          autoComplete="off"
          data-row-focus
          onChange={(event) => {
            setBalance(event.target.value);
            if (reset.isError) reset.reset();
          }}
        />
      </Field>
      <div className="button-row">
        <button type="button" className="btn btn--small" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn--small btn--danger" disabled={!online || reset.isPending} aria-busy={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset paper account'}
        </button>
      </div>
    </form>
  );
}
