import type { PositionView } from '@hyperhook/domain';
import { Pnl } from '../../components/Pnl';
import { StatCard } from '../../components/StatCard';
import { formatUsd } from '../../lib/format/money';
import { avgLeverageText, summarizePositions, winRateText } from './positionMath';

/** The four cards over all positions; a paper account's (issue 30) are named so. */
export function PositionsSummaryCards({ positions, paper = false }: { positions: readonly PositionView[]; paper?: boolean }) {
  const summary = summarizePositions(positions);
  return (
    <div className="stats" role="group" aria-label={paper ? 'Paper positions summary' : 'Positions summary'}>
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
