import { Card } from '../../components/Card';
import { AddChannel } from './AddChannel';
import { ChannelEditor } from './ChannelEditor';
import type { NotificationsFormProps } from './notificationsFormProps';
import { newChannel } from './notificationsDraft';

/** "Channels": each channel's editor, Test all channels, and Add a channel. */
export function ChannelsCard({ form, draft, view, online, now }: NotificationsFormProps) {
  const { errors, edit } = form;
  const busy = form.saving;
  return (
    <Card
      title="Channels"
      subtitle="Telegram, Discord or your own webhook. Each gets the events ticked on it."
      headingLevel={3}
      id="notification-channels"
      actions={
        <button
          type="button"
          className="btn btn--small"
          disabled={!online || busy || view.channels.length === 0 || form.testing !== null}
          aria-busy={form.testing === 'all'}
          onClick={() => form.test()}
        >
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
            onChange={(patch, field) =>
              edit((d) => ({ ...d, channels: d.channels.map((c) => (c.key === channel.key ? { ...c, ...patch } : c)) }), [`channels.${index}.${field}`])
            }
            onRemove={() => edit((d) => ({ ...d, channels: d.channels.filter((c) => c.key !== channel.key) }), ['channels'])}
            onTest={() => channel.id !== null && form.test(channel.id)}
          />
        ))}
        <AddChannel count={draft.channels.length} busy={busy} onAdd={(type) => edit((d) => ({ ...d, channels: [...d.channels, newChannel(type)] }))} />
      </div>
    </Card>
  );
}
