import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/Card';
import { messageOf } from '../../lib/api/apiError';
import type { AnalyticsScope } from '../../entities/analytics/analyticsQuery';
import type { positionsQueryOptions } from '../../entities/positions/positionsQuery';
import { PositionsSummaryCards } from './PositionsSummaryCards';
import { PositionsTable } from './PositionsTable';
import { PositionsToolbar } from './PositionsToolbar';
import { visiblePositions } from './positionFilters';
import { usePositionFiltersStore } from './positionFiltersStore';
import type { CoinShares } from './coinShares';
import type { CoinTriggers } from './coinTriggers';

/** Whose list it is: names the summary cards' group and the table for screen readers. */
export interface ListNames {
  readonly summary: string;
  readonly caption: string;
}

/**
 * One read of positions with its states ("Loading...", then the failure's message in an alert):
 * the cards (the win rate of `trades`, the closed trades of the same holder), the controls and the table, with who holds each coin (`shares`) or what protects it
 * (`triggers`) beneath it.
 */
export function PositionsList({
  options,
  names,
  trades,
  shares,
  triggers,
}: {
  options: typeof positionsQueryOptions;
  names: ListNames;
  trades: AnalyticsScope;
  shares?: CoinShares;
  triggers?: CoinTriggers;
}) {
  const query = useQuery(options);
  const filters = usePositionFiltersStore();
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <p className="notice notice--error" role="alert">
          Failed to load positions: {messageOf(query.error, 'API request failed')}
        </p>
      );
    }
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  const positions = query.data;
  return (
    <>
      <PositionsSummaryCards positions={positions} label={names.summary} trades={trades} />
      <Card>
        <div className="stack">
          <PositionsToolbar />
          <PositionsTable rows={visiblePositions(positions, filters)} total={positions.length} caption={names.caption} shares={shares} triggers={triggers} />
        </div>
      </Card>
    </>
  );
}
