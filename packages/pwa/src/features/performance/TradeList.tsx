import type { RoundTrip } from '@hyperhook/domain';
import { Card } from '../../components/Card';
import { TableHead } from '../../components/TableHead';
import type { AnalyticsScope } from '../../entities/analytics/analyticsQuery';
import { TradeFiltersBar } from './TradeFiltersBar';
import { TRADE_COLUMNS, TRADE_NUMERIC, TradeRow } from './TradeRow';
import { TradesDownload } from './TradesDownload';
import { coinsOf, visibleTrades } from './tradeFilters';
import { useTradeFiltersStore } from './tradeFiltersStore';

/** The round trips behind the figures (issue 43, point 4), filtered, with the CSV of them all. */
export function TradeList({ trades, scope }: { trades: readonly RoundTrip[]; scope: AnalyticsScope }) {
  const filters = useTradeFiltersStore();
  const rows = visibleTrades(trades, filters);
  return (
    <Card
      title="Trades"
      subtitle="Each position from flat to flat, net of fees and funding."
      id="performance-trades"
      actions={<TradesDownload scope={scope} />}
    >
      <div className="stack">
        <TradeFiltersBar coins={coinsOf(trades)} />
        {rows.length === 0 ? (
          <p className="muted" role="status">
            No trade matches these filters.
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table table--cards performance-trades">
              <caption className="visually-hidden">Trades, the latest first</caption>
              <TableHead columns={TRADE_COLUMNS} numeric={TRADE_NUMERIC} />
              <tbody>
                {rows.map((trade) => (
                  <TradeRow key={`${trade.coin}-${trade.openedAt}-${trade.strategyId}`} trade={trade} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Card>
  );
}
