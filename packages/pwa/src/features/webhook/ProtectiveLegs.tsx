import type { OrderPlan } from '@hyperhook/domain';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { legLabel, sideLabel } from './previewTexts';

/**
 * The take-profit and stop-loss the alert asks for. A limit entry carries them grouped (the venue
 * places them when it fills); a market entry's are placed after its fill, sized to all the strategy
 * then holds in the coin, so an add moves them to the new size.
 */
export function ProtectiveLegs({ plan, exitsFollow = false }: { plan: OrderPlan; exitsFollow?: boolean }) {
  // Take-profits, a trail or break-even asked for are armed after the fill (issue 41 §2): not "none".
  if (plan.children.length === 0) return <p className="muted">{exitsFollow ? 'No stop-loss sent with the entry.' : 'No take-profit or stop-loss.'}</p>;
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
      <p className="muted">
        {plan.grouping === 'normalTpsl'
          ? 'Reduce-only triggers placed by Hyperliquid when the limit order fills: they close its size and never open a position.'
          : 'Reduce-only triggers placed once the order fills, sized to everything this strategy then holds in the coin: they never open a position.'}
      </p>
    </div>
  );
}
