import { Field } from '../../components/Field';
import type { ChannelDraft } from './notificationsDraft';

/** The placeholder of a saved secret's input: it is never shown again. */
export const SAVED_SECRET_PLACEHOLDER = 'saved — leave blank to keep';

const secretProps = { autoComplete: 'off', autoCapitalize: 'off', spellCheck: false } as const;

/** Where a channel delivers: Telegram's bot token and chat id, or a (Discord) webhook URL; a saved secret's input left blank keeps it. */
export function ChannelTargetFields({
  channel,
  error,
  onChange,
}: {
  channel: ChannelDraft;
  error: (field: string) => string | undefined;
  onChange: (patch: Partial<ChannelDraft>, field: string) => void;
}) {
  const saved = channel.id !== null;
  return (
    // Telegram's two short fields side by side on wide screens; a URL takes the whole width.
    <div className={channel.type === 'telegram' ? 'form-grid form-grid--2' : 'form-grid'}>
      {channel.type === 'telegram' ? (
        <>
          <Field label="Bot token" hint="From @BotFather, who made your bot." error={error('botToken')}>
            <input
              className="input mono"
              type="password"
              {...secretProps}
              placeholder={saved ? SAVED_SECRET_PLACEHOLDER : '123456789:AA…'}
              value={channel.botToken}
              onChange={(e) => onChange({ botToken: e.target.value }, 'botToken')}
            />
          </Field>
          <Field label="Chat id" hint="Your chat with the bot, a group (negative number) or a channel’s @name." error={error('chatId')}>
            <input
              className="input mono"
              type="text"
              {...secretProps}
              inputMode="text"
              placeholder="-1001234567890"
              value={channel.chatId}
              onChange={(e) => onChange({ chatId: e.target.value }, 'chatId')}
            />
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
  );
}
