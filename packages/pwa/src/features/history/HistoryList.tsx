import { plural, type StrategyView } from '@hyperhook/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Card } from '../../components/Card';
import { ApiError } from '../../lib/api/apiError';
import { HistoryEventItem } from './HistoryEventItem';
import { historyQueryOptions } from './historyApi';
import { isUnfiltered, type HistoryFilters } from './historyFilters';

/** The events, newest first, a page at a time: "Load more" reaches back before the last one shown. */
export function HistoryList({ filters, strategies }: { filters: HistoryFilters; strategies: readonly StrategyView[] }) {
  const history = useInfiniteQuery(historyQueryOptions(filters));
  const events = history.data?.pages.flatMap((page) => page.events) ?? [];
  const names = new Map(strategies.map((strategy) => [strategy.id, strategy.name]));
  const nameOf = (id: string | null) => (id === null || strategies.length < 2 ? null : (names.get(id) ?? id));
  return (
    <Card
      title="Events"
      id="history-events"
      subtitle="Newest first"
      actions={
        <button type="button" className="btn btn--small" onClick={() => void history.refetch()} disabled={history.isFetching}>
          {history.isFetching && !history.isFetchingNextPage ? 'Refreshing…' : 'Refresh'}
        </button>
      }
    >
      {history.isPending ? (
        <p className="muted">Loading history…</p>
      ) : history.isError && events.length === 0 ? (
        <p className="notice notice--error" role="alert">
          Could not load the history. {history.error instanceof ApiError ? history.error.message : 'Try again.'}
        </p>
      ) : events.length === 0 ? (
        <div className="empty">
          <p className="empty__title">{isUnfiltered(filters) ? 'No events yet' : 'No events match these filters'}</p>
        </div>
      ) : (
        <>
          <ol className="history-list" aria-label="Events, newest first">
            {events.map((event) => (
              <HistoryEventItem key={event.position} event={event} strategyName={nameOf(event.strategyId)} />
            ))}
          </ol>
          <p className="muted history-list__count" role="status">
            {plural(events.length, 'event')} shown{history.hasNextPage ? '' : ', the oldest included'}.
          </p>
          {history.isFetchNextPageError && (
            <p className="notice notice--error" role="alert">
              Could not load more. {history.error instanceof ApiError ? history.error.message : 'Try again.'}
            </p>
          )}
          {history.hasNextPage && (
            <button type="button" className="btn btn--block" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
              {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          )}
        </>
      )}
    </Card>
  );
}
