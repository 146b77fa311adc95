import type { OrderPlan } from '@hyperhook/domain';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { sideLabel } from './previewTexts';

/**
 * Every order of a ladder (issue 41, point 2): the preview shows each order the alert would send,
 * and a ladder sends one per price, in one action. Nothing when the plan is one order.
 */
export function LadderOrders({ plan }: { plan: OrderPlan }) {
  if (plan.ladder === undefined) return null;
  return (
    <div className="stack">
      <div className="table-wrap">
        <table className="table table--cards">
          <caption className="visually-hidden">The ladder&apos;s limit orders</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Side</th>
              <th scope="col">Limit price</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {plan.ladder.map((leg, i) => (
              <tr key={leg.cloid}>
                <td data-label="Order">
                  <strong>
                    {i + 1} of {plan.ladder?.length}
                  </strong>
                </td>
                <td data-label="Side">{sideLabel(plan.isBuy)}</td>
                <td data-label="Limit price" className="num">
                  {formatUsdPrice(Number(leg.price))}
                </td>
                <td data-label="Size" className="num">
                  {formatSize(Number(leg.size))} {plan.coin}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">Resting limit orders sent in one action, each with its own client order id; a cancel alert cancels all of them.</p>
    </div>
  );
}
