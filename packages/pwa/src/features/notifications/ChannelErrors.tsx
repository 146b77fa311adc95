import { channelErrors, type ChannelDraft, type FieldErrors } from './notificationsDraft';

/** A channel's errors that no input of its own shows: its events', then any the api put on the channel as a whole or on a field this form has not. */
export function ChannelErrors({ channel, index, errors }: { channel: ChannelDraft; index: number; errors: FieldErrors }) {
  const events = errors[`channels.${index}.events`];
  const fields = channel.type === 'telegram' ? ['botToken', 'chatId', 'events'] : ['url', 'events'];
  return (
    <>
      {events !== undefined && <p className="field__error">{events}</p>}
      {channelErrors(errors, index, fields).map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </>
  );
}
