import type { BacktestComparison } from '@hyperhook/domain';
import { TableHead } from '../../components/TableHead';
import { formatSignedUsd } from '../../lib/format/money';
import { formatDateTime } from '../../lib/format/time';

const COLUMNS = ['Backtest trade', 'Live entry', 'Entry', 'Exit', 'P&L difference', 'Return'] as const;
const NUMERIC: ReadonlySet<string> = new Set(['Entry', 'Exit', 'P&L difference', 'Return']);

/** Basis points, signed so that positive reads worse for the trade. */
const bps = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)} bp`);
const pct = (value: number | null) => (value === null ? '—' : `${value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)} %`);

/** Each trade both made: how much worse live entered and exited, and the P&L and returns side by side. */
export function MatchedTrades({ matched }: { matched: BacktestComparison['matched'] }) {
  if (matched.length === 0) return <p className="muted">No trade matched yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table table--cards backtest-matched">
        <caption className="backtest-table__caption">Matched: {matched.length}. Slippage in basis points, positive is worse live.</caption>
        <TableHead columns={COLUMNS} numeric={NUMERIC} />
        <tbody>
          {matched.map((match) => (
            <tr key={match.backtest.number}>
              <td data-label="Backtest trade">
                #{match.backtest.number} {match.backtest.side === 'long' ? 'LONG' : 'SHORT'}
              </td>
              <td data-label="Live entry">
                {match.live.coin} {formatDateTime(match.live.openedAt)}
              </td>
              <td data-label="Entry" className="num">
                {bps(match.entrySlippageBps)}
              </td>
              <td data-label="Exit" className="num">
                {bps(match.exitSlippageBps)}
              </td>
              <td data-label="P&L difference" className="num">
                {match.pnlDifference === null ? '—' : formatSignedUsd(Number(match.pnlDifference))}
              </td>
              <td data-label="Return" className="num">
                {pct(match.backtestReturnPct)} → {pct(match.liveReturnPct)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
