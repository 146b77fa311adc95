import type { PositionView } from '@hyperhook/domain';
import { Pnl } from '../../components/Pnl';
import { StatCard } from '../../components/StatCard';
import { formatUsd } from '../../lib/format/money';
import { avgLeverageText, summarizePositions, winRateText } from './positionMath';

/** The four cards over all positions, named for whose they are: the account's, a paper account's (issue 30), a strategy's own (issue 39). */
export function PositionsSummaryCards({ positions, label }: { positions: readonly PositionView[]; label: string }) {
  const summary = summarizePositions(positions);
  return (
    <div className="stats" role="group" aria-label={label}>
      <StatCard label="Open Positions" value={summary.openPositions} />
      <StatCard label="Gross Notional (USD)" value={formatUsd(summary.grossNotional)} />
      <StatCard
        label="Net Unrealized P&L"
        // With no positions the card reads exactly "$0.00" (green: 0 counts as up).
        value={summary.openPositions === 0 ? <span className="pnl pnl--up">{formatUsd(0)}</span> : <Pnl value={summary.netUnrealizedPnl} />}
      />
      <StatCard label="Avg Leverage" value={avgLeverageText(summary.avgLeverage)} detail={winRateText(summary.winRate)} />
    </div>
  );
}
