import type { TolerantNotificationsView } from '@hyperhook/domain';
import type { FormEvent } from 'react';
import { Card } from '../../components/Card';
import { ChannelsCard } from './ChannelsCard';
import { DailySummary } from './DailySummary';
import { EventChoices } from './EventChoices';
import { NobodyGets } from './NobodyGets';
import type { NotificationsDraft } from './notificationsDraft';
import { SaveNotificationsBar } from './SaveNotificationsBar';
import { RiskAlarms } from './RiskAlarms';
import { SilenceAlarms } from './SilenceAlarms';
import type { NotificationsFormState } from './useNotificationsForm';

/** What the form and its parts render from: the form's state and draft, the saved view, and the moment. */
export interface NotificationsFormProps {
  readonly form: NotificationsFormState;
  readonly draft: NotificationsDraft;
  readonly view: TolerantNotificationsView;
  readonly online: boolean;
  readonly now: number;
}

/** The loaded choices under edit: channels, web push, silence alarms, position alarms and the daily summary (each part the api answers), then Save. */
export function NotificationsForm({ form, draft, view, online, now }: NotificationsFormProps) {
  const { errors, edit } = form;
  const busy = form.saving;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <form className="form notifications__form" onSubmit={submit} noValidate aria-busy={busy}>
      <ChannelsCard form={form} draft={draft} view={view} online={online} now={now} />

      {draft.webPush !== null && (
        <Card
          title="Web push"
          subtitle="The events that reach the devices where you turned notifications on (the bell at the top)."
          headingLevel={3}
          id="notification-web-push"
        >
          <EventChoices legend="Events sent by web push" events={draft.webPush} onChange={(events) => edit((d) => ({ ...d, webPush: events }), ['webPush'])} />
        </Card>
      )}

      {draft.silence !== null && (
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
              errors={errors}
              now={now}
              onChange={(strategyId, alarm) => edit((d) => ({ ...d, silence: { ...d.silence, [strategyId]: alarm } }), [`silence.${strategyId}`])}
            />
            {Object.values(draft.silence).some((a) => a.on) && <NobodyGets draft={draft} event="strategy.silent" />}
          </div>
        </Card>
      )}

      {draft.riskAlarms !== null && (
        <Card
          title="Position alarms"
          subtitle="Be told before a position is in trouble, from the snapshots hyperhook already takes: no extra calls to Hyperliquid."
          headingLevel={3}
          id="notification-alarms"
        >
          <RiskAlarms draft={draft} alarms={draft.riskAlarms} errors={errors} onChange={(riskAlarms) => edit((d) => ({ ...d, riskAlarms }), ['riskAlarms'])} />
        </Card>
      )}

      {draft.dailySummary !== null && (
        <Card
          title="Daily summary"
          subtitle="Alerts received, executed and failed, realised P&L and open positions, once a day."
          headingLevel={3}
          id="notification-summary"
        >
          <div className="form-grid">
            <DailySummary summary={draft.dailySummary} errors={errors} onChange={(dailySummary) => edit((d) => ({ ...d, dailySummary }), ['dailySummary'])} />
            {draft.dailySummary.on && <NobodyGets draft={draft} event="summary.daily" />}
          </div>
        </Card>
      )}

      {form.problem !== null && (
        <p className="notice notice--error" role="alert">
          {form.problem}
        </p>
      )}
      <SaveNotificationsBar busy={busy} online={online} dirty={form.dirty} savedCount={view.channels.length} onDiscard={form.discard} />
    </form>
  );
}
