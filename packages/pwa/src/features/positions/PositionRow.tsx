import type { PositionView } from '@hyperhook/domain';
import { PaperBadge } from '../../components/PaperBadge';
import { Pnl } from '../../components/Pnl';
import { TimeAgo } from '../../components/TimeAgo';
import { formatUsd } from '../../lib/format/money';
import { formatLeverage, formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { notional } from './positionMath';

/** One position; `data-label` names each cell on phones. */
export function PositionRow({ position, now }: { position: PositionView; now: number }) {
  const long = position.side === 'long';
  return (
    <tr>
      <td data-label="Symbol">
        {/* One wrapper per cell: on phones the cell is a label/value row. */}
        <div>
          <span className="positions-symbol">
            <strong>{position.symbol}</strong>
            <span className={`badge ${long ? 'badge--green' : 'badge--red'}`}>{long ? 'LONG' : 'SHORT'}</span>
            {position.venue === 'paper' && <PaperBadge />}
          </span>
          <span className="cell-sub">
            Opened <TimeAgo iso={position.createdAt} now={now} />
          </span>
        </div>
      </td>
      <td data-label="Notional (USD)" className="num">
        <div>
          {formatUsd(notional(position))}
          <span className="cell-sub">
            {formatSize(Math.abs(position.size))} {position.symbol}
          </span>
        </div>
      </td>
      <td data-label="Entry" className="num">
        {formatUsdPrice(position.entryPrice)}
      </td>
      <td data-label="Mark" className="num">
        {formatUsdPrice(position.currentPrice)}
      </td>
      <td data-label="Leverage" className="num">
        {formatLeverage(position.leverage)}
      </td>
      <td data-label="Unrealized P&L" className="num">
        <Pnl value={position.unrealizedPnl} />
      </td>
      <td data-label="Realized P&L" className="num">
        <Pnl value={position.realizedPnl} />
      </td>
      <td data-label="Updated">
        <TimeAgo iso={position.updatedAt} now={now} />
      </td>
    </tr>
  );
}
