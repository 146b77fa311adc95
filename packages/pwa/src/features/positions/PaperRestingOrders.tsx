import type { PaperOrderView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/Card';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { paperOrdersQueryOptions } from './protectiveOrdersQuery';

/** What the grouped stop and target of a resting order do once it fills. */
function exits(order: PaperOrderView): string {
  const parts = [
    ...(order.stopLoss === null ? [] : [`stop-loss ${formatUsdPrice(order.stopLoss)}`]),
    ...(order.takeProfit === null ? [] : [`take-profit ${formatUsdPrice(order.takeProfit)}`]),
  ];
  return parts.length === 0 ? '' : `, then ${parts.join(' and ')} once it fills`;
}

/**
 * The limit orders resting on a paper strategy's paper account (issue 41, point 3): what waits
 * for the price, with the stop and target that ride with it. Nothing shown while there are none.
 */
export function PaperRestingOrders({ strategyId }: { strategyId: string }) {
  const orders = useQuery(paperOrdersQueryOptions(strategyId));
  if (orders.data === undefined || orders.data.length === 0) return null;
  return (
    <Card title="Resting paper orders" id="paper-resting" headingLevel={3}>
      <ul className="triggers" aria-label="Resting paper orders">
        {orders.data.map((order) => (
          <li key={order.oid} className="trigger">
            <span className="trigger__kind">{order.side === 'buy' ? 'Buy' : 'Sell'}</span>{' '}
            <span className="num">
              {formatSize(order.size)} {order.symbol}
            </span>{' '}
            at <span className="num">{formatUsdPrice(order.price)}</span>{' '}
            <span className="muted">
              {order.timeInForce === 'ALO' ? 'post-only' : order.timeInForce}
              {order.reduceOnly ? ', reduce-only' : ''}
              {exits(order)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
