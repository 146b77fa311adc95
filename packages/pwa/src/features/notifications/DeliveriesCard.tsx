import type { NotificationDelivery, TolerantNotificationChannelView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/Card';
import { TimeAgo } from '../../components/TimeAgo';
import { channelName, CHANNEL_LABEL, failureText } from './channelTexts';
import { eventText, noticeLink } from './notificationEvents';
import { deliveriesQueryOptions } from './notificationsApi';

/** Rows shown before "Show all". */
export const FIRST_DELIVERIES = 8;

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

/**
 * Delivery history (GET /api/notifications/deliveries): the recent attempts on every channel,
 * newest first, with their result and why one failed; a row links to its alert's log, or a
 * position's notice (issue 39) to the Positions tab.
 */
export function DeliveriesCard({ channels, now }: { channels: readonly TolerantNotificationChannelView[]; now: number }) {
  const query = useQuery(deliveriesQueryOptions);
  const [all, setAll] = useState(false);
  const deliveries = query.data ?? [];
  const shown = all ? deliveries : deliveries.slice(0, FIRST_DELIVERIES);
  const channelOf = (d: NotificationDelivery) => {
    const channel = channels.find((c) => c.id === d.channelId);
    return channel === undefined ? `${CHANNEL_LABEL[d.channelType]} (removed)` : channelName(channel.type, channel.target);
  };
  return (
    <Card
      title="Delivery history"
      subtitle="The last attempts to reach your channels, newest first."
      headingLevel={3}
      id="notification-deliveries"
      actions={
        <button type="button" className="btn btn--small" onClick={() => void query.refetch()} disabled={query.isFetching} aria-busy={query.isFetching}>
          {query.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      }
    >
      {query.isError && query.data === undefined ? (
        <p className="notice notice--error" role="alert">
          Unable to load the delivery history.
        </p>
      ) : query.data === undefined ? (
        <p className="muted" role="status">
          Loading...
        </p>
      ) : deliveries.length === 0 ? (
        <div className="empty">
          <p className="empty__title">No delivery yet</p>
          <p>Send a test to a channel to see it here.</p>
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--cards deliveries">
              <caption className="visually-hidden">Recent notification deliveries</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Event</th>
                  <th scope="col">Result</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((d) => (
                  <tr key={d.deliveryId}>
                    <td data-label="When">
                      <TimeAgo iso={d.at} now={now} />
                    </td>
                    <td data-label="Channel" className="deliveries__channel">
                      {channelOf(d)}
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
                ))}
              </tbody>
            </table>
          </div>
          {deliveries.length > FIRST_DELIVERIES && (
            <div className="button-row">
              <button type="button" className="btn btn--small" aria-expanded={all} onClick={() => setAll((v) => !v)}>
                {all ? 'Show fewer' : `Show all ${deliveries.length}`}
              </button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
