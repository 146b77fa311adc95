import type { BacktestComparison } from '@hyperhook/domain';
import { formatSignedUsd } from '../../lib/format/money';
import { SideBySideTable } from './SideBySideTable';

/** The totals side by side: how many trades, how many matched, and what each earned (the backtest in its own sizes). */
export function BacktestTotals({ comparison }: { comparison: BacktestComparison }) {
  const { backtest, live } = comparison.totals;
  const matched = comparison.matched.length;
  return (
    <SideBySideTable
      caption="The backtest’s totals beside live’s"
      columns={['Backtest', 'Live']}
      className="backtest-totals"
      rows={[
        ['Trades', backtest.trades, live.trades],
        ['Matched', matched, matched],
        ['P&L', formatSignedUsd(Number(backtest.pnl)), `${formatSignedUsd(Number(live.netPnl))} net`],
      ]}
    />
  );
}
