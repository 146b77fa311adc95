import type { OrderPlan } from '@hyperhook/domain';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { legLabel, sideLabel } from './previewTexts';

/** The take-profit and stop-loss triggers that ride on the entry, as they would be signed. */
export function ProtectiveLegs({ plan }: { plan: OrderPlan }) {
  if (plan.children.length === 0) return <p className="muted">No take-profit or stop-loss.</p>;
  return (
    <div className="stack">
      <div className="table-wrap">
        <table className="table table--cards">
          <caption className="visually-hidden">Take-profit and stop-loss orders</caption>
          <thead>
            <tr>
              <th scope="col">Leg</th>
              <th scope="col">Side</th>
              <th scope="col">Trigger price</th>
              <th scope="col">Limit</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {plan.children.map((child) => (
              <tr key={child.kind}>
                <td data-label="Leg">
                  <strong>{legLabel(child.kind)}</strong>
                </td>
                <td data-label="Side">{sideLabel(child.isBuy)}</td>
                <td data-label="Trigger price" className="num">
                  {formatUsdPrice(Number(child.triggerPx))}
                </td>
                <td data-label="Limit" className="num">
                  {formatUsdPrice(Number(child.price))}
                </td>
                <td data-label="Size" className="num">
                  {formatSize(Number(child.size))} {plan.coin}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">Reduce-only triggers: they close the entry&apos;s size and never open a position.</p>
    </div>
  );
}
