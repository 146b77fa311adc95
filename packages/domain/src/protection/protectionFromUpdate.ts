import type { ParsedAlert } from '../alert/alertSchema.js';
import { Dec } from '../exchange/decimal.js';
import { roundPerpPrice } from '../exchange/roundPerpPrice.js';
import { breakEvenPrices } from './breakEven.js';
import type { ProtectionPrices } from './protectionPlan.js';
import { takeProfitTargets, type TakeProfitTooSmall } from './takeProfits.js';
import { armTrail, trailDistance } from './trailingStop.js';

/** Why an update cannot be applied: a stable code and a sentence for the log. */
export interface UpdateRefusal {
  readonly ok: false;
  readonly code: 'NO_POSITION' | 'NO_MARKET_PRICE' | 'INVALID_STOP_LOSS' | 'INVALID_TAKE_PROFIT';
  readonly message: string;
}

/**
 * The protection an update alert asks for on a strategy's open position (issue 41): each kind it
 * names replaces that kind, the rest is kept (mergeProtection). Prices are checked against the mid
 * now, as a trigger on the wrong side of it would fire at once: a long's stop below it, its
 * take-profits above it. Offsets (take-profits, break-even, trail activation) count from the
 * position's entry; take-profit sizes are parts of the position held now. A trail with no stop
 * asked starts the trail's distance behind the mid, unless the current stop is tighter.
 */
export function protectionFromUpdate(
  alert: Pick<ParsedAlert, 'coin' | 'stopLoss' | 'takeProfit' | 'takeProfits' | 'trailingStop' | 'breakEven'>,
  position: { readonly held: string; readonly entryPx: string },
  current: Pick<ProtectionPrices, 'stopLoss'>,
  mid: number,
  szDecimals: number,
): { ok: true; prices: ProtectionPrices; tooSmall: TakeProfitTooSmall[] } | UpdateRefusal {
  const held = new Dec(position.held);
  if (held.isZero()) return { ok: false, code: 'NO_POSITION', message: `This strategy holds no ${alert.coin} position: an update has nothing to protect.` };
  if (!Number.isFinite(mid) || mid <= 0)
    return { ok: false, code: 'NO_MARKET_PRICE', message: `There is no market price for ${alert.coin} to check the update against.` };
  const isLong = !held.isNegative();
  const side = isLong ? 'long' : 'short';
  const price = String(mid);
  /** Whether a trigger lies where it will not fire at once: a long's stop below the mid and its take-profits above it. */
  const beyond = (px: string, kind: 'sl' | 'tp') => ((kind === 'tp') === isLong ? new Dec(px).gt(price) : new Dec(px).lt(price));
  const refuse = (kind: 'sl' | 'tp', label: string, px: string): UpdateRefusal => ({
    ok: false,
    code: kind === 'sl' ? 'INVALID_STOP_LOSS' : 'INVALID_TAKE_PROFIT',
    message: `${label} ${px} must be ${(kind === 'tp') === isLong ? 'above' : 'below'} the price ${price} for this strategy's ${side} ${alert.coin} position, or it would fire at once.`,
  });

  let prices: ProtectionPrices = {};
  let tooSmall: TakeProfitTooSmall[] = [];
  for (const [kind, asked, label] of [
    ['sl', alert.stopLoss, 'Stop-loss'],
    ['tp', alert.takeProfit, 'Take-profit'],
  ] as const) {
    if (asked === undefined) continue;
    let px: string;
    try {
      px = roundPerpPrice(asked, szDecimals);
    } catch (error) {
      return { ok: false, code: kind === 'sl' ? 'INVALID_STOP_LOSS' : 'INVALID_TAKE_PROFIT', message: `${label} ${asked}: ${(error as Error).message}` };
    }
    if (!beyond(px, kind)) return refuse(kind, label, px);
    prices = { ...prices, ...(kind === 'sl' ? { stopLoss: px } : { takeProfit: px }) };
  }
  if (alert.takeProfits !== undefined) {
    const armed = takeProfitTargets(alert.takeProfits, position.entryPx, position.held, szDecimals);
    const wrong = armed.targets.find((target) => !beyond(target.triggerPx, 'tp'));
    if (wrong !== undefined) return refuse('tp', 'Take-profit', wrong.triggerPx);
    prices = { ...prices, takeProfits: armed.targets };
    tooSmall = armed.tooSmall;
  }
  if (alert.breakEven !== undefined) {
    const breakEven = breakEvenPrices(position.entryPx, isLong, alert.breakEven, szDecimals);
    if (breakEven !== null) prices = { ...prices, breakEven };
  }
  if (alert.trailingStop !== undefined) {
    const armed = armTrail(alert.trailingStop, position.entryPx, isLong, szDecimals);
    const distance = armed === null ? undefined : trailDistance(armed.trail, mid);
    const at = distance === undefined ? undefined : isLong ? new Dec(mid).minus(distance) : new Dec(mid).plus(distance);
    if (armed === null || at === undefined || !at.gt(0))
      return {
        ok: false,
        code: 'INVALID_STOP_LOSS',
        message: `The trailing stop is wider than the ${alert.coin} price ${price}: it would have no stop to place.`,
      };
    const behind = roundPerpPrice(at.toFixed(), szDecimals, isLong ? 'down' : 'up');
    const kept = current.stopLoss;
    const keptIsTighter = kept !== undefined && (isLong ? new Dec(kept).gt(behind) : new Dec(kept).lt(behind)) && beyond(kept, 'sl');
    prices = { ...prices, trailingStop: armed.trail, stopLoss: prices.stopLoss ?? (keptIsTighter ? kept : behind) };
  }
  return { ok: true, prices, tooSmall };
}
