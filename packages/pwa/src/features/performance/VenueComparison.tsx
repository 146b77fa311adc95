import type { TradeSummary } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/Card';
import { analyticsQueryOptions, type AnalyticsScope } from '../../entities/analytics/analyticsQuery';
import { formatSignedUsd } from '../../lib/format/money';
import { SideBySideTable } from './SideBySideTable';
import { drawdownText, profitFactorText, signedOrDash, winRateText } from './summaryFigures';

const ROWS: readonly [string, (summary: TradeSummary) => string][] = [
  ['Closed trades', (summary) => String(summary.trades)],
  ['Net P&L', (summary) => formatSignedUsd(Number(summary.netPnl))],
  ['Win rate', (summary) => winRateText(summary.winRate)],
  ['Profit factor', profitFactorText],
  ['Max drawdown', (summary) => drawdownText(summary.maxDrawdown)],
  ['Max drawdown with open P&L', (summary) => drawdownText(summary.maxDrawdownWithOpen)],
  ['Expectancy', (summary) => signedOrDash(summary.expectancy)],
];

/**
 * A promoted strategy's paper run beside its live trading (issue 43, point 5): did it trade live as
 * it did on paper? Shown only when the strategy has paper trades, which only a strategy moved from
 * paper to the live account has; the paper figures are of its last paper run.
 */
export function VenueComparison({ live, paper }: { live: AnalyticsScope; paper: AnalyticsScope }) {
  const liveAnswer = useQuery(analyticsQueryOptions(live)).data;
  const paperAnswer = useQuery(analyticsQueryOptions(paper)).data;
  if (liveAnswer === undefined || paperAnswer === undefined || paperAnswer.trades.length === 0) return null;
  return (
    <Card title="Paper and live" subtitle="This strategy traded on paper before it went live: the two side by side." id="performance-venues">
      <SideBySideTable
        caption="Paper and live figures of this strategy"
        columns={['Paper', 'Live']}
        className="performance-venues"
        rows={ROWS.map(([label, value]) => [label, value(paperAnswer.summary), value(liveAnswer.summary)] as const)}
      />
    </Card>
  );
}
