import type { TakeProfitPreview } from '@hyperhook/domain';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';

/** "$3,120 · +4% from the fill", or the price as the alert gave it. */
function triggerText(target: TakeProfitPreview): string {
  const price = formatUsdPrice(Number(target.triggerPx));
  return target.offsetPercent === undefined ? price : `${price} · +${formatSize(target.offsetPercent)}% from the fill`;
}

/**
 * The take-profits the entry's fill arms (issue 41 §2): each trigger and the part it closes, in
 * percent and in coins at the previewed size, so the trader sees before sending how the position
 * would be taken off; one too small for a size step is named, as the executor leaves it out.
 */
export function TakeProfitPlan({ targets, coin }: { targets: readonly TakeProfitPreview[]; coin: string }) {
  return (
    <div className="table-wrap">
      <table className="table table--cards">
        <caption className="visually-hidden">Take-profits armed after the fill</caption>
        <thead>
          <tr>
            <th scope="col">Take-profit</th>
            <th scope="col">Trigger</th>
            <th scope="col">Closes</th>
          </tr>
        </thead>
        <tbody>
          {targets.map((target, i) => (
            <tr key={`${target.triggerPx}-${i}`}>
              <td data-label="Take-profit">
                <strong>
                  {i + 1} of {targets.length}
                </strong>
              </td>
              <td data-label="Trigger" className="num">
                {triggerText(target)}
              </td>
              <td data-label="Closes" className="num">
                {formatSize(target.percent)}% ·{' '}
                {target.size === '0' ? <span className="muted">under one size step, left out</span> : `${formatSize(Number(target.size))} ${coin}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
