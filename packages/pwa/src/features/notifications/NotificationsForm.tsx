import type { FormEvent } from 'react';
import { ChannelsCard } from './ChannelsCard';
import { DailySummaryCard } from './DailySummaryCard';
import type { NotificationsFormProps } from './notificationsFormProps';
import { PositionAlarmsCard } from './PositionAlarmsCard';
import { SaveNotificationsBar } from './SaveNotificationsBar';
import { SilenceAlarmsCard } from './SilenceAlarmsCard';
import { WebPushCard } from './WebPushCard';

/** The loaded choices under edit: channels, web push, silence alarms, position alarms and the daily summary (each part the api answers), then Save. */
export function NotificationsForm({ form, draft, view, online, now }: NotificationsFormProps) {
  const busy = form.saving;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <form className="form notifications__form" onSubmit={submit} noValidate aria-busy={busy}>
      <ChannelsCard form={form} draft={draft} view={view} online={online} now={now} />
      <WebPushCard form={form} draft={draft} />
      <SilenceAlarmsCard form={form} draft={draft} view={view} now={now} />
      <PositionAlarmsCard form={form} draft={draft} />
      <DailySummaryCard form={form} draft={draft} />
      {form.problem !== null && (
        <p className="notice notice--error" role="alert">
          {form.problem}
        </p>
      )}
      <SaveNotificationsBar busy={busy} online={online} dirty={form.dirty} savedCount={view.channels.length} onDiscard={form.discard} />
    </form>
  );
}
