import type { NotificationChannelType } from '@hyperhook/domain';
import { CHANNEL_LABEL } from './channelTexts';
import { MAX_NOTIFICATION_CHANNELS } from './notificationsDraft';

const CHANNEL_TYPES: readonly NotificationChannelType[] = ['telegram', 'discord', 'webhook'];

/** "Add a channel": one button per kind, until the most channels allowed. */
export function AddChannel({ count, busy, onAdd }: { count: number; busy: boolean; onAdd: (type: NotificationChannelType) => void }) {
  return (
    <div className="channels__add">
      <p className="channels__add-label" id="add-channel-label">
        Add a channel
      </p>
      <div className="button-row" role="group" aria-labelledby="add-channel-label">
        {CHANNEL_TYPES.map((type) => (
          <button key={type} type="button" className="btn btn--small" disabled={busy || count >= MAX_NOTIFICATION_CHANNELS} onClick={() => onAdd(type)}>
            + {CHANNEL_LABEL[type]}
          </button>
        ))}
      </div>
      {count >= MAX_NOTIFICATION_CHANNELS && <p className="field__hint">At most {MAX_NOTIFICATION_CHANNELS} channels.</p>}
    </div>
  );
}
