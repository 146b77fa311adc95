import { AccountGuardsSchema, GUARD_LIMITS, type AccountGuards } from '@hyperhook/domain';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { useOnline } from '../../../lib/offline/useOnline';
import { deviceTimeZone } from './guardsDraft';
import { useSaveAccountGuards } from './useSaveAccountGuards';

/** The account's loss limit and its time zone, once the saved ones are known; an empty limit saves none. */
export function AccountLossLimitForm({ saved }: { saved: AccountGuards }) {
  const online = useOnline();
  const [limit, setLimit] = useState(saved.dailyLossLimitUsd === undefined ? '' : String(saved.dailyLossLimitUsd));
  const [zone, setZone] = useState(saved.timeZone ?? deviceTimeZone());
  const written = limit.trim();
  const parsed = AccountGuardsSchema.safeParse(written === '' ? {} : { dailyLossLimitUsd: Number(written), timeZone: zone.trim() });
  const errors = Object.fromEntries((parsed.success ? [] : parsed.error.issues).map((issue) => [String(issue.path[0] ?? ''), issue.message]));
  const save = useSaveAccountGuards();
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
