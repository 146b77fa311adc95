import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/Card';
import { analyticsQueryOptions, type AnalyticsScope } from '../../entities/analytics/analyticsQuery';
import { messageOf } from '../../lib/api/apiError';
import { EquityChartCard } from './EquityChartCard';
import { SummaryCards } from './SummaryCards';
import { TradeList } from './TradeList';

/**
 * One scope's performance: its figures, its curve and its trades, or what there is before any
 * trade closed (the open ones are listed already).
 */
export function PerformanceBody({ scope, whose }: { scope: AnalyticsScope; whose: string }) {
  const query = useQuery(analyticsQueryOptions(scope));
  if (query.data === undefined) {
    return query.isError ? (
      <p className="notice notice--error" role="alert">
        Failed to load the performance: {messageOf(query.error, 'API request failed')}
      </p>
    ) : (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  const answer = query.data;
  return (
    <>
      <SummaryCards summary={answer.summary} label={`Performance summary of ${whose}`} />
      {answer.summary.trades > 0 ? (
        <EquityChartCard answer={answer} />
      ) : (
        <Card title="No closed trades yet" id="performance-empty">
          <p className="muted" role="status">
            No closed trades yet: the equity curve and these figures fill in once a position{' '}
            {scope.strategyId === undefined ? 'on the account' : 'of this strategy'} is opened and closed again.
          </p>
        </Card>
      )}
      {answer.trades.length > 0 && <TradeList trades={answer.trades} scope={scope} />}
    </>
  );
}
