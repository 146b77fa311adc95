import type { BacktestComparison } from '@hyperhook/domain';
import { formatSignedUsd } from '../../lib/format/money';

/** The totals side by side: how many trades, and what each earned (the backtest in its own sizes). */
export function BacktestTotals({ comparison }: { comparison: BacktestComparison }) {
  const { backtest, live } = comparison.totals;
  return (
    <div className="table-wrap">
      <table className="table backtest-totals">
        <caption className="visually-hidden">The backtest’s totals beside live’s</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col" className="num">
              Backtest
            </th>
            <th scope="col" className="num">
              Live
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Trades</th>
            <td className="num">{backtest.trades}</td>
            <td className="num">{live.trades}</td>
          </tr>
          <tr>
            <th scope="row">Matched</th>
            <td className="num" colSpan={2}>
              {comparison.matched.length} of each
            </td>
          </tr>
          <tr>
            <th scope="row">P&L</th>
            <td className="num">{formatSignedUsd(Number(backtest.pnl))}</td>
            <td className="num">{formatSignedUsd(Number(live.netPnl))} net</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
