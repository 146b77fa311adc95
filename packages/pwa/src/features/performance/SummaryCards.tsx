import type { TradeSummary } from '@hyperhook/domain';
import { Pnl } from '../../components/Pnl';
import { StatCard } from '../../components/StatCard';
import { formatUsd, formatSignedUsd } from '../../lib/format/money';
import { amount, costs, drawdownText, executionText, profitFactorText, signedOrDash, winRateText } from './summaryFigures';

/** An amount through <Pnl/> (signed, coloured, arrowed), "—" when there is none. */
const PnlOrDash = ({ value }: { value: string | null }) => {
  const number = amount(value);
  return number === null ? <>—</> : <Pnl value={number} />;
};

/** The figures of the closed trades (issue 43, point 2), in the dashboard's card style. */
export function SummaryCards({ summary, label }: { summary: TradeSummary; label: string }) {
  const closed = summary.trades === 1 ? '1 closed trade' : `${summary.trades} closed trades`;
  const execution = executionText(summary);
  return (
    <div className="stats performance-stats" role="group" aria-label={label}>
      <StatCard label="Net P&L" value={<Pnl value={Number(summary.netPnl)} />} detail={`Gross ${formatSignedUsd(Number(summary.grossPnl))}`} />
      <StatCard label="Win rate" value={winRateText(summary.winRate)} detail={`${summary.wins} won · ${summary.losses} lost`} />
      <StatCard label="Profit factor" value={profitFactorText(summary)} detail="Won ÷ lost" />
      {/* A word joiner keeps the second minus with its amount when the detail wraps. */}
      <StatCard
        label="Max drawdown"
        value={drawdownText(summary.maxDrawdown)}
        detail={`Realised · with open P&L ${drawdownText(summary.maxDrawdownWithOpen).replace('−', '−\u2060')}`}
        {...(Number(summary.maxDrawdown) > 0 ? { tone: 'bad' as const } : {})}
      />
      <StatCard label="Trades" value={summary.trades} detail={execution === null ? closed : `${closed} · ${execution}`} />
      <StatCard
        label="Fees + funding"
        value={<Pnl value={costs(summary)} />}
        detail={`Fees ${formatUsd(Number(summary.fees))} · funding ${formatSignedUsd(Number(summary.funding))}`}
      />
      <StatCard label="Expectancy" value={<PnlOrDash value={summary.expectancy} />} detail="Net P&L per trade" />
      <StatCard
        label="Average win / loss"
        value={`${signedOrDash(summary.averageWin)} / ${signedOrDash(summary.averageLoss)}`}
        detail={`Largest ${signedOrDash(summary.largestWin)} / ${signedOrDash(summary.largestLoss)}`}
      />
    </div>
  );
}
