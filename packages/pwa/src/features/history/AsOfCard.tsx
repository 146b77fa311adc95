import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { ApiError } from '../../lib/api/apiError';
import { AsOfSummary } from './AsOfSummary';
import { fetchHistoryState } from './historyApi';
import { isoOfLocalInput } from './historyFilters';

/**
 * "Show my account as it was at …" (issue 31, point 2): the account rebuilt from the log up to a
 * chosen moment, by the code `hyperhook replay --until` runs.
 */
export function AsOfCard() {
  const [typed, setTyped] = useState('');
  const [at, setAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const state = useQuery({
    queryKey: ['history', 'state', at],
    queryFn: ({ signal }) => fetchHistoryState(at as string, signal),
    enabled: at !== null,
    meta: { persist: false },
    staleTime: Infinity,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The end of the chosen minute: "as it was at 14:05" includes what happened during 14:05.
    const iso = isoOfLocalInput(typed, true);
    if (iso === undefined) {
      setError('Choose a date and time.');
      return;
    }
    setError(null);
    setAt(iso);
  };
  return (
    <Card title="Show my account as it was at…" id="history-asof">
      <form className="history-asof__form" onSubmit={submit} noValidate>
        <Field label="Date and time" error={error}>
          <input className="input" type="datetime-local" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </Field>
        <button type="submit" className="btn btn--primary" disabled={state.isFetching}>
          {state.isFetching ? 'Rebuilding…' : 'Show'}
        </button>
      </form>
      {state.isError && (
        <p className="notice notice--error" role="alert">
          Could not rebuild the account. {state.error instanceof ApiError ? state.error.message : 'Try again.'}
        </p>
      )}
      {state.data !== undefined && at !== null && <AsOfSummary state={state.data} />}
    </Card>
  );
}
