import { GUARD_LIMITS, type AlertGuards, type StrategyView } from '@hyperhook/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { failureMessage } from '../../../lib/api/apiError';
import { useOnline } from '../../../lib/offline/useOnline';
import { webhookLogsQueryOptions } from '../../../entities/signals/webhookLogsQuery';
import { useStrategyCache } from '../../../entities/strategies/useStrategyCache';
import { toast } from '../../../lib/toasts/toastStore';
import { SettingsSection } from '../SettingsSection';
import { saveGuards } from './guardsApi';
import { deviceTimeZone, draftOf, guardsOf, type GuardsDraft, type NumberField } from './guardsDraft';
import { GuardsPreview } from './GuardsPreview';
import { pastAlertsOf } from './pastAlerts';
import { WindowsField } from './WindowsField';
import './guards.css';

const NUMBER_INPUTS: readonly { field: NumberField; label: string; hint: string; bounds: { min: number; max: number } }[] = [
  {
    field: 'maxAlertAgeSeconds',
    label: 'Maximum alert age (s)',
    hint: 'An entry sent longer ago (timenow, timestamp or time in the alert) is refused; 3Commas max_lag applies too.',
    bounds: GUARD_LIMITS.maxAlertAgeSeconds,
  },
  {
    field: 'cooldownMinutes',
    label: 'Cooldown per coin (min)',
    hint: 'After an entry in a coin, further entries in it wait this long.',
    bounds: GUARD_LIMITS.cooldownMinutes,
  },
  {
    field: 'maxEntriesPerDay',
    label: 'Entries per day',
    hint: 'At most this many entries a day, in the time zone below.',
    bounds: GUARD_LIMITS.maxEntriesPerDay,
  },
  {
    field: 'dailyLossLimitUsd',
    label: 'Daily loss limit (USD)',
    hint: 'Past this loss in a day (realised and open), entries stop until midnight; each one held back is told as “Entry held back” where you chose it.',
    bounds: GUARD_LIMITS.dailyLossLimitUsd,
  },
];

/**
 * A strategy's guards before the order (issue 42, point 3), with beside them what they would have
 * done to its last alerts. Every guard holds back entries only: closes, reductions, cancels and
 * updates always go. Empty fields guard nothing; saving replaces the strategy's guards whole.
 */
export function GuardsCard({ strategy }: { strategy: StrategyView }) {
  const online = useOnline();
  const { put } = useStrategyCache();
  const [draft, setDraft] = useState<GuardsDraft>(() => draftOf(strategy.guards, deviceTimeZone()));
  const edit = (patch: Partial<GuardsDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const { guards, errors } = guardsOf(draft);
  const logs = useQuery(webhookLogsQueryOptions);
  const alerts = useMemo(() => pastAlertsOf(logs.data ?? [], strategy.id), [logs.data, strategy.id]);
  const save = useMutation({
    mutationFn: (next: AlertGuards) => saveGuards(strategy.id, next),
    onSuccess: (view) => {
      put(view);
      toast({ variant: 'success', title: 'Guards saved', description: `“${view.name}” holds back entries by these guards from now on.` });
    },
    onError: (error) => toast({ variant: 'error', title: 'Unable to save the guards', description: failureMessage(error, 'Failed to save the guards') }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (guards !== null && !save.isPending) save.mutate(guards);
  };
  return (
    <form className="form guards-form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <SettingsSection title="Guards before the order" preview={<GuardsPreview guards={guards} alerts={alerts} />}>
        <p className="field__hint guards-form__intro">Each guard holds back entries only: closes, reductions, cancels and updates always go.</p>
        {NUMBER_INPUTS.map(({ field, label, hint, bounds }) => (
          <Field key={field} label={label} hint={hint} error={errors[field]}>
            <input
              className="input num"
              type="number"
              inputMode="numeric"
              min={bounds.min}
              max={bounds.max}
              step={1}
              placeholder="No limit"
              value={draft[field]}
              onChange={(e) => edit({ [field]: e.target.value })}
            />
          </Field>
        ))}
        <Field label="Direction" hint="Entries in both directions, or only one; a refused flip leaves the open position as it is." error={errors.direction}>
          <select className="select" value={draft.direction} onChange={(e) => edit({ direction: e.target.value as GuardsDraft['direction'] })}>
            <option value="both">Long and short</option>
            <option value="long">Long only</option>
            <option value="short">Short only</option>
          </select>
        </Field>
        <WindowsField windows={draft.windows} errors={errors} onChange={(windows) => edit({ windows })} />
        <Field label="Time zone" hint="Of the windows and of “a day” (an IANA zone such as America/New_York)." error={errors.timeZone}>
          <input
            className="input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={draft.timeZone}
            onChange={(e) => edit({ timeZone: e.target.value })}
          />
        </Field>
      </SettingsSection>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={guards === null || save.isPending || !online}>
          {save.isPending ? 'Saving...' : 'Save Guards'}
        </button>
      </div>
    </form>
  );
}
