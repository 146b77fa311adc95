import type { RoundTrip } from '@hyperhook/domain';
import { Pnl } from '../../components/Pnl';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { formatDateTime, formatDuration } from '../../lib/format/time';

/** The columns of a table of round trips, and those of numbers (right-aligned). */
export const TRADE_COLUMNS = ['Trade', 'Opened', 'Closed', 'Entry → exit', 'Net P&L', 'Duration'] as const;
export const TRADE_NUMERIC: ReadonlySet<string> = new Set(['Entry → exit', 'Net P&L', 'Duration']);

/** One round trip; `data-label` names each cell on phones. */
export function TradeRow({ trade }: { trade: RoundTrip }) {
  const long = trade.side === 'long';
  return (
    <tr>
      <td data-label="Trade">
        <div>
          <span className="performance-trade__coin">
            <strong>{trade.coin}</strong>
            <span className={`badge ${long ? 'badge--green' : 'badge--red'}`}>{long ? 'LONG' : 'SHORT'}</span>
          </span>
          <span className="cell-sub num">
            {formatSize(Number(trade.size))} {trade.coin}
          </span>
        </div>
      </td>
      <td data-label="Opened">{formatDateTime(trade.openedAt)}</td>
      <td data-label="Closed">{trade.closedAt === null ? 'Open' : formatDateTime(trade.closedAt)}</td>
      <td data-label="Entry → exit" className="num">
        {formatUsdPrice(Number(trade.entryPx))} → {trade.exitPx === null ? '—' : formatUsdPrice(Number(trade.exitPx))}
      </td>
      <td data-label="Net P&L" className="num">
        <Pnl value={Number(trade.netPnl)} />
      </td>
      <td data-label="Duration" className="num">
        {formatDuration(trade.durationMs)}
      </td>
    </tr>
  );
}
