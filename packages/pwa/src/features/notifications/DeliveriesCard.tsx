import type { TolerantNotificationChannelView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../components/Card';
import { DeliveriesTable } from './DeliveriesTable';
import { deliveriesQueryOptions } from './notificationsApi';

/** Rows shown before "Show all". */
export const FIRST_DELIVERIES = 8;

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
          <DeliveriesTable deliveries={shown} channels={channels} now={now} />
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
