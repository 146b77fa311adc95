import type { StrategyView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { useOnline } from '../../../lib/offline/useOnline';
import { webhookLogsQueryOptions } from '../../../entities/signals/webhookLogsQuery';
import { SettingsSection } from '../SettingsSection';
import { ApprovalField } from './ApprovalField';
import { DirectionField } from './DirectionField';
import { GuardNumberFields } from './GuardNumberFields';
import { deviceTimeZone, draftOf, guardsOf, type GuardsDraft } from './guardsDraft';
import { GuardsPreview } from './GuardsPreview';
import { pastAlertsOf } from './pastAlerts';
import { useSaveGuards } from './useSaveGuards';
import { WindowsField } from './WindowsField';
import './guards.css';

/**
 * A strategy's guards before the order (issue 42, point 3), with beside them what they would have
 * done to its last alerts. Every guard holds back entries only: closes, reductions, cancels and
 * updates always go. Empty fields guard nothing; saving replaces the strategy's guards whole.
 */
export function GuardsCard({ strategy }: { strategy: StrategyView }) {
  const online = useOnline();
  const [draft, setDraft] = useState<GuardsDraft>(() => draftOf(strategy.guards, deviceTimeZone()));
  const edit = (patch: Partial<GuardsDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const { guards, errors } = guardsOf(draft);
  const logs = useQuery(webhookLogsQueryOptions);
  const alerts = useMemo(() => pastAlertsOf(logs.data ?? [], strategy.id), [logs.data, strategy.id]);
  const save = useSaveGuards(strategy);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (guards !== null && !save.isPending) save.mutate(guards);
  };
  return (
    <form className="form guards-form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <SettingsSection title="Guards before the order" preview={<GuardsPreview guards={guards} alerts={alerts} />}>
        <p className="field__hint guards-form__intro">Each guard holds back entries only: closes, reductions, cancels and updates always go.</p>
        <GuardNumberFields draft={draft} errors={errors} onChange={edit} />
        <DirectionField direction={draft.direction} error={errors.direction} onChange={(direction) => edit({ direction })} />
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
        <ApprovalField draft={draft} error={errors.approvalTimeoutSeconds} onChange={edit} />
      </SettingsSection>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={guards === null || save.isPending || !online}>
          {save.isPending ? 'Saving...' : 'Save Guards'}
        </button>
      </div>
    </form>
  );
}
