import type { StrategyView } from '@hyperhook/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { failureMessage } from '../../lib/api/apiError';
import { useOnline } from '../../lib/offline/useOnline';
import { useStrategyCache } from '../../entities/strategies/useStrategyCache';
import { toast } from '../../lib/toasts/toastStore';
import { renameStrategy } from './strategiesApi';

/** "Rename": the strategy's new name, unique among the trader's; the api's refusal sits under the field. */
export function RenameStep({ strategy, onDone }: { strategy: StrategyView; onDone: () => void }) {
  const online = useOnline();
  const { put } = useStrategyCache();
  const [name, setName] = useState(strategy.name);
  const rename = useMutation({
    mutationFn: (next: string) => renameStrategy(strategy.id, next),
    onSuccess: (view) => {
      put(view);
      toast({ variant: 'success', title: 'Strategy renamed', description: `It is now “${view.name}”.` });
      onDone();
    },
  });
  return (
    <form
      className="strategy-row__step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!rename.isPending && online) rename.mutate(name);
      }}
    >
      <Field label={`New name for “${strategy.name}”`} error={rename.isError ? failureMessage(rename.error, 'Failed to rename the strategy') : null}>
        <input
          className="input"
          type="text"
          value={name}
          maxLength={200}
          autoComplete="off"
          data-row-focus
          onChange={(event) => {
            setName(event.target.value);
            if (rename.isError) rename.reset();
          }}
        />
      </Field>
      <div className="button-row">
        <button type="submit" className="btn btn--primary btn--small" disabled={!online || rename.isPending} aria-busy={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Save name'}
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => {
            rename.reset();
            onDone();
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
