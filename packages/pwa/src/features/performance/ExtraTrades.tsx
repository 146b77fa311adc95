import type { RoundTrip } from '@hyperhook/domain';
import { TableHead } from '../../components/TableHead';
import { TRADE_COLUMNS, TRADE_NUMERIC, TradeRow } from './TradeRow';

/** The trades live made that the backtest did not have, as the trade list shows a trade. */
export function ExtraTrades({ extra }: { extra: readonly RoundTrip[] }) {
  if (extra.length === 0) return <p className="muted">Live made no trade the backtest did not have.</p>;
  return (
    <div className="table-wrap">
      <table className="table table--cards performance-trades">
        <caption className="backtest-table__caption">Not in the backtest: {extra.length}</caption>
        <TableHead columns={TRADE_COLUMNS} numeric={TRADE_NUMERIC} />
        <tbody>
          {extra.map((trade) => (
            <TradeRow key={`${trade.coin}-${trade.openedAt}`} trade={trade} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
