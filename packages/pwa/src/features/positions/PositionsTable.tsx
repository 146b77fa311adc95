import type { PositionView } from '@hyperhook/domain';
import { useNow } from '../../lib/useNow';
import { PositionRow } from './PositionRow';
import { TableHead } from '../../components/TableHead';

/** The columns, in order. */
export const POSITION_COLUMNS = ['Symbol', 'Notional (USD)', 'Entry', 'Mark', 'Leverage', 'Unrealized P&L', 'Realized P&L', 'Updated'] as const;

const NUMERIC = new Set<string>(['Notional (USD)', 'Entry', 'Mark', 'Leverage', 'Unrealized P&L', 'Realized P&L']);

/** The empty states: none at all, or none left by the filters. */
function EmptyPositions({ filtered }: { filtered: boolean }) {
  return (
    <div className="empty" role="status">
      <p className="empty__title">{filtered ? 'No positions match your filters' : 'No open positions'}</p>
      <p>Positions will appear here after your webhooks execute.</p>
    </div>
  );
}

/** The positions table: a table on wide screens, cards on phones. */
export function PositionsTable({ rows, total, caption }: { rows: readonly PositionView[]; total: number; caption: string }) {
  const now = useNow();
  if (rows.length === 0) return <EmptyPositions filtered={total > 0} />;
  return (
    <div className="table-wrap">
      <table className="table table--cards table--grid-cards positions-table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={POSITION_COLUMNS} numeric={NUMERIC} />
        <tbody>
          {rows.map((position) => (
            <PositionRow key={position.positionId} position={position} now={now} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
