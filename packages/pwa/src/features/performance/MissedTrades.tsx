import type { BacktestComparison } from '@hyperhook/domain';
import { TableHead } from '../../components/TableHead';
import { formatSignedUsd } from '../../lib/format/money';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { formatDateTime } from '../../lib/format/time';

const COLUMNS = ['Backtest trade', 'Entry', 'Backtest P&L', 'Why live missed it'] as const;
const NUMERIC: ReadonlySet<string> = new Set(['Backtest P&L']);

/** The backtest's trades live did not make, each with the reason the strategy's log gives. */
export function MissedTrades({ missed }: { missed: BacktestComparison['missed'] }) {
  if (missed.length === 0) return <p className="muted">Live made every trade the backtest made.</p>;
  return (
    <div className="table-wrap">
      <table className="table table--cards backtest-missed">
        <caption className="backtest-table__caption">Missed live: {missed.length}</caption>
        <TableHead columns={COLUMNS} numeric={NUMERIC} />
        <tbody>
          {missed.map(({ backtest, reason }) => (
            <tr key={backtest.number}>
              <td data-label="Backtest trade">
                #{backtest.number} {backtest.side === 'long' ? 'LONG' : 'SHORT'} {formatSize(Number(backtest.size))}
              </td>
              <td data-label="Entry">
                {formatDateTime(backtest.entryAt)} at {formatUsdPrice(Number(backtest.entryPx))}
              </td>
              <td data-label="Backtest P&L" className="num">
                {backtest.pnl === null ? '—' : formatSignedUsd(Number(backtest.pnl))}
              </td>
              <td data-label="Why live missed it">{reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
