import { Card } from '../../components/Card';
import { NobodyGets } from './NobodyGets';
import type { NotificationsFormProps } from './notificationsFormProps';
import { SilenceAlarms } from './SilenceAlarms';

/** "Silence alarms": one per strategy; nothing when the api answered without them. */
export function SilenceAlarmsCard({ form, draft, view, now }: Pick<NotificationsFormProps, 'form' | 'draft' | 'view' | 'now'>) {
  if (draft.silence === null) return null;
  return (
    <Card
      title="Silence alarms"
      subtitle="Be told once when a strategy gets no alert for too long, until its alerts resume. Off by default."
      headingLevel={3}
      id="notification-silence"
    >
      <div className="form-grid">
        <SilenceAlarms
          draft={draft}
          strategies={form.strategies}
          alarms={view.silenceAlarms ?? []}
          errors={form.errors}
          now={now}
          onChange={(strategyId, alarm) => form.edit((d) => ({ ...d, silence: { ...d.silence, [strategyId]: alarm } }), [`silence.${strategyId}`])}
        />
        {Object.values(draft.silence).some((a) => a.on) && <NobodyGets draft={draft} event="strategy.silent" />}
      </div>
    </Card>
  );
}
