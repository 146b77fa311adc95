import type { NotificationDelivery } from '@hyperhook/domain';
import { Link } from 'wouter';
import { TimeAgo } from '../../components/TimeAgo';
import { failureText } from './channelTexts';
import { eventText, noticeLink } from './notificationEvents';

const RESULT: Record<NotificationDelivery['result'], { label: string; className: string }> = {
  delivered: { label: 'Delivered', className: 'badge badge--green' },
  retrying: { label: 'Retrying', className: 'badge badge--yellow' },
  failed: { label: 'Failed', className: 'badge badge--red' },
};

function DeliveryLink({ event, signalId }: { event: string; signalId: string | null }) {
  const link = noticeLink(event, signalId);
  return link === null ? null : (
    <Link className="cell-sub" to={link.to}>
      {link.label}
    </Link>
  );
}

/** One delivery attempt: when, to which channel, which event (with a link to its log or the Positions tab), its result and why it failed. */
export function DeliveryRow({ delivery: d, channel, now }: { delivery: NotificationDelivery; channel: string; now: number }) {
  return (
    <tr>
      <td data-label="When">
        <TimeAgo iso={d.at} now={now} />
      </td>
      <td data-label="Channel" className="deliveries__channel">
        {channel}
      </td>
      <td data-label="Event">
        {eventText(d.event).label}
        <DeliveryLink event={d.event} signalId={d.signalId} />
      </td>
      <td data-label="Result">
        <span className={RESULT[d.result].className}>{RESULT[d.result].label}</span>
        {d.attempt > 1 && <span className="cell-sub">attempt {d.attempt}</span>}
      </td>
      <td data-label="Details" className="deliveries__details">
        {d.result === 'delivered' ? (d.status === null ? '—' : `HTTP ${d.status}`) : failureText(d.status, d.error)}
      </td>
    </tr>
  );
}
