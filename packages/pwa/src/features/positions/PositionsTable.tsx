import type { PositionView } from '@hyperhook/domain';
import { Fragment, useId } from 'react';
import { useNow } from '../../lib/useNow';
import { BreakdownRow, OutsideHelp } from './BreakdownRow';
import type { CoinShares } from './coinShares';
import type { CoinTriggers } from './coinTriggers';
import { ProtectionRow } from './ProtectionRow';
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

/**
 * The positions table: a table on wide screens, cards on phones. Beneath each coin, who holds it
 * when `shares` is given, or the strategy's live stop and target when `triggers` is.
 */
export function PositionsTable({
  rows,
  total,
  caption,
  shares,
  triggers,
}: {
  rows: readonly PositionView[];
  total: number;
  caption: string;
  shares?: CoinShares;
  triggers?: CoinTriggers;
}) {
  const now = useNow();
  const helpId = useId();
  if (rows.length === 0) return <EmptyPositions filtered={total > 0} />;
  const linesOf = (symbol: string) => shares?.get(symbol) ?? [];
  const outside = rows.some((p) => linesOf(p.symbol).some((line) => line.outside));
  return (
    <>
      <div className="table-wrap">
        <table className="table table--cards table--grid-cards positions-table">
          <caption className="visually-hidden">{caption}</caption>
          <TableHead columns={POSITION_COLUMNS} numeric={NUMERIC} />
          <tbody>
            {rows.map((position) => (
              <Fragment key={position.positionId}>
                <PositionRow position={position} now={now} />
                {linesOf(position.symbol).length > 0 && (
                  <BreakdownRow symbol={position.symbol} lines={linesOf(position.symbol)} columns={POSITION_COLUMNS.length} helpId={helpId} />
                )}
                {triggers !== undefined && (
                  <ProtectionRow symbol={position.symbol} triggers={triggers.get(position.symbol) ?? []} columns={POSITION_COLUMNS.length} />
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {outside && <OutsideHelp id={helpId} />}
    </>
  );
}
