import type { NotificationChannelType } from '@hyperhook/domain';
import type { FormEvent } from 'react';
import { Card } from '../../components/Card';
import { useOnline } from '../../lib/offline/useOnline';
import { useNow } from '../../lib/useNow';
import { ChannelEditor } from './ChannelEditor';
import { CHANNEL_LABEL } from './channelTexts';
import { DailySummary } from './DailySummary';
import { DeliveriesCard } from './DeliveriesCard';
import { EventChoices } from './EventChoices';
import { eventText, offers } from './notificationEvents';
import { MAX_NOTIFICATION_CHANNELS, newChannel, type NotificationsDraft } from './notificationsDraft';
import { SilenceAlarms } from './SilenceAlarms';
import { useNotificationsForm } from './useNotificationsForm';
import './notifications.css';

const CHANNEL_TYPES: readonly NotificationChannelType[] = ['telegram', 'discord', 'webhook'];

/** Whether some destination (a channel, or web push) gets this event. */
const anyGets = (draft: NotificationsDraft, event: string) => draft.channels.some((c) => c.events.includes(event)) || (draft.webPush?.includes(event) ?? false);

/** A warning when an alarm or the summary is on but no destination gets its event. */
function NobodyGets({ draft, event }: { draft: NotificationsDraft; event: string }) {
  if (!offers(event) || anyGets(draft, event)) return null;
  return (
    <p className="notice notice--warning">
      No channel gets “{eventText(event).label}” yet: tick it on a channel above (or for web push).
    </p>
  );
}

/**
 * The Notifications section of Settings (issue 30, point 4), for the whole account: the channels
 * (Telegram, Discord, an outgoing webhook) with the events each gets and a test, the events web
 * push brings, a silence alarm per strategy, the daily summary, and the delivery history. Parts the
 * api does not answer yet are not shown.
 */
export default function NotificationsSection() {
  const form = useNotificationsForm();
  const online = useOnline();
  const now = useNow();
  const { draft, view, errors, edit } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  const savedCount = view?.channels.length ?? 0;
  const busy = form.saving;

  return (
    <section className="stack notifications" aria-labelledby="notifications-title">
      <div>
        <h2 id="notifications-title">Notifications</h2>
        <p className="muted notifications__intro">For your whole account: hear at once, where you already are, that an alert failed or a strategy went quiet.</p>
      </div>
      {draft === null || view === undefined ? (
        <div className="page-loading">
          {form.query.isError ? (
            <>
              <p role="alert">Unable to load your notification settings.</p>
              <button type="button" className="btn btn--small" onClick={() => void form.query.refetch()}>
                Retry
              </button>
            </>
          ) : (
            <p role="status">Loading...</p>
          )}
        </div>
      ) : (
        <form className="form notifications__form" onSubmit={submit} noValidate aria-busy={busy}>
          <Card
            title="Channels"
            subtitle="Telegram, Discord or your own webhook. Each gets the events ticked on it."
            headingLevel={3}
            id="notification-channels"
            actions={
              <button type="button" className="btn btn--small" disabled={!online || busy || savedCount === 0 || form.testing !== null} aria-busy={form.testing === 'all'} onClick={() => form.test()}>
                {form.testing === 'all' ? 'Sending…' : 'Test all channels'}
              </button>
            }
          >
            <div className="channels">
              {draft.channels.length === 0 && (
                <div className="empty channels__empty">
                  <p className="empty__title">No channel yet</p>
                  <p>Add one to hear about failures in the chat you live in.</p>
                </div>
              )}
              {draft.channels.map((channel, index) => (
                <ChannelEditor
                  key={channel.key}
                  channel={channel}
                  index={index}
                  view={view.channels.find((c) => c.id === channel.id)}
                  errors={errors}
                  now={now}
                  online={online}
                  busy={busy}
                  secret={channel.id === null ? undefined : form.revealed[channel.id]}
                  onSecretDone={() => channel.id !== null && form.forget(channel.id)}
                  testOutcome={channel.id === null ? undefined : form.tests[channel.id]}
                  testing={form.testing !== null && (form.testing === 'all' || form.testing === channel.id)}
                  onChange={(patch, field) => edit((d) => ({ ...d, channels: d.channels.map((c) => (c.key === channel.key ? { ...c, ...patch } : c)) }), [`channels.${index}.${field}`])}
                  onRemove={() => edit((d) => ({ ...d, channels: d.channels.filter((c) => c.key !== channel.key) }), ['channels'])}
                  onTest={() => channel.id !== null && form.test(channel.id)}
                />
              ))}
              <div className="channels__add">
                <p className="channels__add-label" id="add-channel-label">
                  Add a channel
                </p>
                <div className="button-row" role="group" aria-labelledby="add-channel-label">
                  {CHANNEL_TYPES.map((type) => (
                    <button key={type} type="button" className="btn btn--small" disabled={busy || draft.channels.length >= MAX_NOTIFICATION_CHANNELS} onClick={() => edit((d) => ({ ...d, channels: [...d.channels, newChannel(type)] }))}>
                      + {CHANNEL_LABEL[type]}
                    </button>
                  ))}
                </div>
                {draft.channels.length >= MAX_NOTIFICATION_CHANNELS && <p className="field__hint">At most {MAX_NOTIFICATION_CHANNELS} channels.</p>}
              </div>
            </div>
          </Card>

          {draft.webPush !== null && (
            <Card title="Web push" subtitle="The events that reach the devices where you turned notifications on (the bell at the top)." headingLevel={3} id="notification-web-push">
              <EventChoices legend="Events sent by web push" events={draft.webPush} onChange={(events) => edit((d) => ({ ...d, webPush: events }), ['webPush'])} />
            </Card>
          )}

          {draft.silence !== null && (
            <Card title="Silence alarms" subtitle="Be told once when a strategy gets no alert for too long, until its alerts resume. Off by default." headingLevel={3} id="notification-silence">
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

          {draft.dailySummary !== null && (
            <Card title="Daily summary" subtitle="Alerts received, executed and failed, realised P&L and open positions, once a day." headingLevel={3} id="notification-summary">
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
          <div className="button-row notifications__save">
            <button type="submit" className="btn btn--primary" disabled={busy || !online || !form.dirty}>
              {busy ? 'Saving...' : 'Save notifications'}
            </button>
            {form.dirty && (
              <>
                <button type="button" className="btn" disabled={busy} onClick={form.discard}>
                  Discard changes
                </button>
                <span className="muted" role="status">
                  Unsaved changes{savedCount > 0 ? ' — tests use the saved channels' : ''}
                </span>
              </>
            )}
          </div>
        </form>
      )}
      {view !== undefined && <DeliveriesCard channels={view.channels} now={now} />}
    </section>
  );
}
