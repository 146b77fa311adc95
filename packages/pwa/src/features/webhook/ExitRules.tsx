import type { BreakEvenPreview, TrailPreview } from '@hyperhook/domain';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';

const price = (px: string) => formatUsdPrice(Number(px));
const fromFill = (percent: number | undefined) => (percent === undefined ? '' : ` (+${formatSize(percent)}% from the fill)`);

/** "2%" or "$50": how far behind the price the trail runs. */
function distanceText(trail: TrailPreview): string {
  return trail.percent !== undefined ? `${formatSize(trail.percent)}%` : formatUsdPrice(trail.amount ?? 0);
}

/**
 * The trail and the break-even move the fill arms (issue 41 §2), in words: the trader must see
 * where the stop starts, when it starts to move and how often, before sending the alert.
 */
export function ExitRules({ trail, breakEven }: { trail?: TrailPreview | undefined; breakEven?: BreakEvenPreview | undefined }) {
  if (trail === undefined && breakEven === undefined) return null;
  return (
    <dl className="exit-rules">
      {trail !== undefined && (
        <div className="exit-rule">
          <dt>Trailing stop</dt>
          <dd>
            <span className="num">{distanceText(trail)}</span> behind the price,{' '}
            {trail.activationPx === undefined ? (
              'from the start'
            ) : (
              <>
                once it reaches <span className="num">{price(trail.activationPx)}</span>
                {fromFill(trail.activationPercent)}
              </>
            )}
          </dd>
          <dd>
            First stop <span className="num">{price(trail.firstStopPx)}</span>; it {trail.stepRule}.
          </dd>
        </div>
      )}
      {breakEven !== undefined && (
        <div className="exit-rule">
          <dt>Break-even</dt>
          <dd>
            Once the price reaches <span className="num">{price(breakEven.activationPx)}</span>
            {fromFill(breakEven.activationPercent)}, the stop moves to <span className="num">{price(breakEven.stopPx)}</span>
            {fromFill(breakEven.offsetPercent)}, once.
          </dd>
        </div>
      )}
    </dl>
  );
}
