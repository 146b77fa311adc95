import { AccountGuardsSchema, GUARD_LIMITS, type AccountGuards } from '@hyperhook/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Card } from '../../../components/Card';
import { Field } from '../../../components/Field';
import { api } from '../../../lib/api/apiClient';
import { failureMessage } from '../../../lib/api/apiError';
import { useOnline } from '../../../lib/offline/useOnline';
import { queryKeys } from '../../../lib/queryKeys';
import { toast } from '../../../lib/toasts/toastStore';
import { deviceTimeZone } from './guardsDraft';

const accountGuardsQuery = queryOptions({
  queryKey: queryKeys.accountGuards,
  queryFn: (): Promise<AccountGuards> => api('/api/account/filters', { schema: AccountGuardsSchema }),
});

/** The form once the saved limit is known. */
function LimitForm({ saved }: { saved: AccountGuards }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState(saved.dailyLossLimitUsd === undefined ? '' : String(saved.dailyLossLimitUsd));
  const [zone, setZone] = useState(saved.timeZone ?? deviceTimeZone());
  const written = limit.trim();
  const parsed = AccountGuardsSchema.safeParse(written === '' ? {} : { dailyLossLimitUsd: Number(written), timeZone: zone.trim() });
  const errors = Object.fromEntries((parsed.success ? [] : parsed.error.issues).map((issue) => [String(issue.path[0] ?? ''), issue.message]));
  const save = useMutation({
    mutationFn: (guards: AccountGuards) => api('/api/account/filters', { method: 'PUT', body: guards, schema: AccountGuardsSchema }),
    onSuccess: (guards) => {
      queryClient.setQueryData(queryKeys.accountGuards, guards);
      toast({
        variant: 'success',
        title: 'Account loss limit saved',
        description: guards.dailyLossLimitUsd === undefined ? 'No account-wide loss limit.' : 'No strategy enters past it until the next day.',
      });
    },
    onError: (error) =>
      toast({ variant: 'error', title: 'Unable to save the loss limit', description: failureMessage(error, 'Failed to save the loss limit') }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success && !save.isPending) save.mutate(parsed.data);
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <div className="form-grid form-grid--2">
        <Field
          label="Account daily loss limit (USD)"
          hint="Past this loss in a day over every live strategy (realised and open), no strategy enters until the next day; exits go on."
          error={errors.dailyLossLimitUsd}
        >
          <input
            className="input num"
            type="number"
            inputMode="numeric"
            min={GUARD_LIMITS.dailyLossLimitUsd.min}
            step={1}
            placeholder="No limit"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
          />
        </Field>
        <Field label="Its time zone" hint="Where “a day” begins." error={errors.timeZone}>
          <input className="input" type="text" autoComplete="off" spellCheck={false} value={zone} onChange={(e) => setZone(e.target.value)} />
        </Field>
      </div>
      <div className="button-row">
        <button type="submit" className="btn" disabled={!parsed.success || save.isPending || !online}>
          {save.isPending ? 'Saving...' : 'Save Limit'}
        </button>
      </div>
    </form>
  );
}

/** The account's own guard (issue 42): a daily loss limit over every live strategy; paper strategies trade no real money and are not counted. */
export function AccountLossLimitCard() {
  const query = useQuery(accountGuardsQuery);
  return (
    <Card title="Account loss limit" headingLevel={3}>
      {query.data === undefined ? <p className="muted">Reading the limit...</p> : <LimitForm saved={query.data} />}
    </Card>
  );
}
