import type { TolerantNotificationChannelView } from '@hyperhook/domain';
import { useId } from 'react';
import { Field } from '../../components/Field';
import { TimeAgo } from '../../components/TimeAgo';
import { channelName, CHANNEL_LABEL, failureText } from './channelTexts';
import { EventChoices } from './EventChoices';
import { channelErrors, type ChannelDraft, type FieldErrors } from './notificationsDraft';
import { SigningSecretNotice } from './SigningSecretNotice';
import type { TestOutcome } from './useNotificationsForm';

/** The placeholder of a saved secret's input: it is never shown again. */
export const SAVED_SECRET_PLACEHOLDER = 'saved — leave blank to keep';

const STATUS: Record<TolerantNotificationChannelView['status'], { label: string; className: string }> = {
  ok: { label: 'Working', className: 'badge badge--green' },
  failing: { label: 'Failing', className: 'badge badge--red' },
  untested: { label: 'Not tested yet', className: 'badge badge--grey' },
};

/** How the channel's last delivery went, failing ones in red with the reason. */
function LastDelivery({ view, now }: { view: TolerantNotificationChannelView; now: number }) {
  const last = view.lastDelivery;
  if (last === null) return <p className="channel__last muted">No delivery yet.</p>;
  if (last.result === 'delivered') {
    return (
      <p className="channel__last muted">
        Last delivered <TimeAgo iso={last.at} now={now} />.
      </p>
    );
  }
  return (
    <p className={`channel__last ${last.result === 'failed' ? 'tone-bad' : 'tone-warn'}`}>
      {last.result === 'failed' ? 'Last delivery failed' : 'Retrying a delivery that failed'} <TimeAgo iso={last.at} now={now} />
      {last.error !== null && last.error !== '' ? `: ${last.error}` : ''}.
    </p>
  );
}

/**
 * One channel of the Notifications section: its status (a failing channel is said to fail, with
 * why), its target's fields — a saved secret's input left blank keeps it — the events it gets, a
 * test, and Remove. A new webhook channel shows its signing secret once, after the save.
 */
export function ChannelEditor({
  channel,
  index,
  view,
  errors,
  now,
  online,
  busy,
  secret,
  onSecretDone,
  testOutcome,
  testing,
  onChange,
  onRemove,
  onTest,
}: {
  channel: ChannelDraft;
  index: number;
  view: TolerantNotificationChannelView | undefined;
  errors: FieldErrors;
  now: number;
  online: boolean;
  busy: boolean;
  secret: string | undefined;
  onSecretDone: () => void;
  testOutcome: TestOutcome | undefined;
  testing: boolean;
  onChange: (patch: Partial<ChannelDraft>, field: string) => void;
  onRemove: () => void;
  onTest: () => void;
}) {
  const titleId = useId();
  const name = channelName(channel.type, channel.target);
  const saved = channel.id !== null;
  const error = (field: string) => errors[`channels.${index}.${field}`];
  const fields = channel.type === 'telegram' ? ['botToken', 'chatId', 'events'] : ['url', 'events'];
  const others = channelErrors(errors, index, fields);
  const secretProps = { autoComplete: 'off', autoCapitalize: 'off', spellCheck: false } as const;
  return (
    <div className={`channel ${view?.status === 'failing' ? 'channel--failing' : ''}`} role="group" aria-labelledby={titleId}>
      <div className="channel__header">
        <h4 className="channel__title" id={titleId}>
          <span>{CHANNEL_LABEL[channel.type]}</span>
          {channel.target !== null && <span className="channel__target mono">{channel.target}</span>}
          {!saved && <span className="channel__target muted">new</span>}
        </h4>
        {view !== undefined ? <span className={STATUS[view.status].className}>{STATUS[view.status].label}</span> : <span className="badge badge--blue">Not saved yet</span>}
      </div>
      {view !== undefined && <LastDelivery view={view} now={now} />}
      {secret !== undefined && <SigningSecretNotice secret={secret} onDone={onSecretDone} />}
      {/* Telegram's two short fields side by side on wide screens; a URL takes the whole width. */}
      <div className={channel.type === 'telegram' ? 'form-grid form-grid--2' : 'form-grid'}>
        {channel.type === 'telegram' ? (
          <>
            <Field label="Bot token" hint="From @BotFather, who made your bot." error={error('botToken')}>
              <input className="input mono" type="password" {...secretProps} placeholder={saved ? SAVED_SECRET_PLACEHOLDER : '123456789:AA…'} value={channel.botToken} onChange={(e) => onChange({ botToken: e.target.value }, 'botToken')} />
            </Field>
            <Field label="Chat id" hint="Your chat with the bot, a group (negative number) or a channel’s @name." error={error('chatId')}>
              <input className="input mono" type="text" {...secretProps} inputMode="text" placeholder="-1001234567890" value={channel.chatId} onChange={(e) => onChange({ chatId: e.target.value }, 'chatId')} />
            </Field>
          </>
        ) : (
          <Field
            label={channel.type === 'discord' ? 'Discord webhook URL' : 'Webhook URL'}
            hint={
              channel.type === 'discord' ? (
                'Channel settings → Integrations → Webhooks → Copy Webhook URL.'
              ) : (
                <>
                  hyperhook POSTs JSON to it, signed in <code>X-Hyperhook-Signature</code>.
                </>
              )
            }
            error={error('url')}
          >
            <input
              className="input mono"
              type="url"
              inputMode="url"
              {...secretProps}
              placeholder={saved ? SAVED_SECRET_PLACEHOLDER : channel.type === 'discord' ? 'https://discord.com/api/webhooks/…' : 'https://example.com/hyperhook'}
              value={channel.url}
              onChange={(e) => onChange({ url: e.target.value }, 'url')}
            />
          </Field>
        )}
      </div>
      <EventChoices legend={`Events sent to ${name}`} events={channel.events} onChange={(events) => onChange({ events }, 'events')} />
      {error('events') !== undefined && <p className="field__error">{error('events')}</p>}
      {others.map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
      {testOutcome !== undefined && (
        <p className={`channel__test ${testOutcome.delivered ? 'tone-good' : 'tone-bad'}`} role="status">
          {testOutcome.delivered ? `Test delivered${testOutcome.status === null ? '' : ` (HTTP ${testOutcome.status})`}.` : `Test failed: ${failureText(testOutcome.status, testOutcome.error)}.`}
        </p>
      )}
      <div className="button-row channel__actions">
        {saved ? (
          <button type="button" className="btn btn--small" aria-label={`Send test to ${name}`} disabled={!online || busy || testing} aria-busy={testing} onClick={onTest}>
            {testing ? 'Sending…' : 'Send test'}
          </button>
        ) : (
          <span className="muted channel__note">Save to send it a test.</span>
        )}
        <button type="button" className="btn btn--small btn--danger" aria-label={`Remove ${name}`} disabled={busy} onClick={onRemove}>
          Remove
        </button>
      </div>
    </div>
  );
}
