import type { TolerantNotificationChannelView } from '@hyperhook/domain';
import { useId } from 'react';
import { ChannelErrors } from './ChannelErrors';
import { ChannelHeader } from './ChannelHeader';
import { ChannelTargetFields } from './ChannelTargetFields';
import { ChannelTest } from './ChannelTest';
import { channelName } from './channelTexts';
import { EventChoices } from './EventChoices';
import { LastDelivery } from './LastDelivery';
import type { ChannelDraft, FieldErrors } from './notificationsDraft';
import { SigningSecretNotice } from './SigningSecretNotice';
import type { TestOutcome } from './useNotificationsForm';

interface ChannelEditorProps {
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
}: ChannelEditorProps) {
  const titleId = useId();
  const name = channelName(channel.type, channel.target);
  const error = (field: string) => errors[`channels.${index}.${field}`];
  return (
    <div className={`channel ${view?.status === 'failing' ? 'channel--failing' : ''}`} role="group" aria-labelledby={titleId}>
      <ChannelHeader channel={channel} view={view} titleId={titleId} />
      {view !== undefined && <LastDelivery view={view} now={now} />}
      {secret !== undefined && <SigningSecretNotice secret={secret} onDone={onSecretDone} />}
      <ChannelTargetFields channel={channel} error={error} onChange={onChange} />
      <EventChoices legend={`Events sent to ${name}`} events={channel.events} onChange={(events) => onChange({ events }, 'events')} />
      <ChannelErrors channel={channel} index={index} errors={errors} />
      <ChannelTest
        name={name}
        saved={channel.id !== null}
        outcome={testOutcome}
        online={online}
        busy={busy}
        testing={testing}
        onTest={onTest}
        onRemove={onRemove}
      />
    </div>
  );
}
