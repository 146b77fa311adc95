import type { TolerantNotificationChannelView } from '@hyperhook/domain';
import { CHANNEL_LABEL } from './channelTexts';
import type { ChannelDraft } from './notificationsDraft';

const STATUS: Record<TolerantNotificationChannelView['status'], { label: string; className: string }> = {
  ok: { label: 'Working', className: 'badge badge--green' },
  failing: { label: 'Failing', className: 'badge badge--red' },
  untested: { label: 'Not tested yet', className: 'badge badge--grey' },
};

/** A channel's kind and target (the card's title, `titleId`), and whether it works, fails or is not saved yet. */
export function ChannelHeader({ channel, view, titleId }: { channel: ChannelDraft; view: TolerantNotificationChannelView | undefined; titleId: string }) {
  return (
    <div className="channel__header">
      <h4 className="channel__title" id={titleId}>
        <span>{CHANNEL_LABEL[channel.type]}</span>
        {channel.target !== null && <span className="channel__target mono">{channel.target}</span>}
        {channel.id === null && <span className="channel__target muted">new</span>}
      </h4>
      {view !== undefined ? (
        <span className={STATUS[view.status].className}>{STATUS[view.status].label}</span>
      ) : (
        <span className="badge badge--blue">Not saved yet</span>
      )}
    </div>
  );
}
