import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useStrategies } from '../../entities/strategies/useStrategies';
import { AsOfCard } from './AsOfCard';
import { ChainHeadCard } from './ChainHeadCard';
import { HistoryDownloads } from './HistoryDownloads';
import { HistoryFiltersBar } from './HistoryFiltersBar';
import { HistoryList } from './HistoryList';
import { historyQueryOptions } from './historyApi';
import { filtersFromSearch, searchOfFilters, type HistoryFilters } from './historyFilters';
import './history.css';

/**
 * The History (issue 31): the trader's own append-only record — every event in plain words with
 * the stored event a tap away, filtered by kind, strategy and time — the log's head to note, the
 * account as of any moment, and the exports. Its filters live in the URL.
 */
export default function HistoryView() {
  useDocumentTitle('History');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const strategies = useStrategies({ fresh: true }).data ?? [];
  // The head is the answer's, shared with the list through the query cache: no second request.
  const head = useInfiniteQuery(historyQueryOptions(filters)).data?.pages[0]?.head;
  const change = (next: HistoryFilters) => setSearch(searchOfFilters(next), { replace: true });
  return (
    <>
      <nav className="history__back" aria-label="Breadcrumb">
        <Link to="/dashboard">← Dashboard</Link>
      </nav>
      <h1 className="history__title">History</h1>
      <p className="muted history__lede">Every alert, order and fill on your account, as recorded in the append-only log. Secrets are never shown.</p>
      <div className="history__grid">
        <div className="stack">
          <HistoryFiltersBar filters={filters} strategies={strategies} onChange={change} />
          <HistoryList filters={filters} strategies={strategies} />
        </div>
        <div className="stack">
          <ChainHeadCard head={head} />
          <AsOfCard />
          <HistoryDownloads />
        </div>
      </div>
    </>
  );
}
