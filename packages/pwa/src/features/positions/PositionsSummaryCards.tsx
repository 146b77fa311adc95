import type { PositionView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { Pnl } from '../../components/Pnl';
import { StatCard } from '../../components/StatCard';
import { analyticsQueryOptions, type AnalyticsScope } from '../../entities/analytics/analyticsQuery';
import { useAnalyticsFreshness } from '../../entities/analytics/useAnalyticsFreshness';
import { formatUsd } from '../../lib/format/money';
import { avgLeverageText, summarizePositions, winRateText } from './positionMath';

/**
 * The four cards over all positions, named for whose they are: the account's, a paper account's
 * (issue 30), a strategy's own (issue 39). The win rate under Avg Leverage is of the same holder's
 * closed trades (issue 43): an open position's P&L is no outcome yet.
 */
export function PositionsSummaryCards({ positions, label, trades }: { positions: readonly PositionView[]; label: string; trades: AnalyticsScope }) {
  const summary = summarizePositions(positions);
  useAnalyticsFreshness();
  const closed = useQuery(analyticsQueryOptions(trades)).data?.summary;
  return (
    <div className="stats" role="group" aria-label={label}>
      <StatCard label="Open Positions" value={summary.openPositions} />
      <StatCard label="Gross Notional (USD)" value={formatUsd(summary.grossNotional)} />
      <StatCard
        label="Net Unrealized P&L"
        // With no positions the card reads exactly "$0.00" (green: 0 counts as up).
        value={summary.openPositions === 0 ? <span className="pnl pnl--up">{formatUsd(0)}</span> : <Pnl value={summary.netUnrealizedPnl} />}
      />
      <StatCard label="Avg Leverage" value={avgLeverageText(summary.avgLeverage)} detail={winRateText(closed?.winRate ?? null, closed?.trades ?? 0)} />
    </div>
  );
}
