import type { TolerantNotificationChannelView } from '@hyperhook/domain';
import { TimeAgo } from '../../components/TimeAgo';

/** How the channel's last delivery went, failing ones in red with the reason. */
export function LastDelivery({ view, now }: { view: TolerantNotificationChannelView; now: number }) {
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
