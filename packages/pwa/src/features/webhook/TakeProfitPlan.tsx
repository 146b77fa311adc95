import type { TakeProfitPreview } from '@hyperhook/domain';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';

/** "$3,120" and, beneath it when counted from the fill, "+4% from the fill": each part kept whole, so a narrow column wraps between them. */
function Trigger({ target }: { target: TakeProfitPreview }) {
  return (
    <span className="take-profit-plan__cell">
      <span className="nowrap">{formatUsdPrice(Number(target.triggerPx))}</span>
      {target.offsetPercent !== undefined && <span className="muted nowrap take-profit-plan__from"> +{formatSize(target.offsetPercent)}% from the fill</span>}
    </span>
  );
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
                <Trigger target={target} />
              </td>
              <td data-label="Closes" className="num">
                <span className="take-profit-plan__cell">
                  <span className="nowrap">{formatSize(target.percent)}% ·</span>{' '}
                  {target.size === '0' ? (
                    <span className="muted">under one size step, left out</span>
                  ) : (
                    <span className="nowrap">{`${formatSize(Number(target.size))} ${coin}`}</span>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
