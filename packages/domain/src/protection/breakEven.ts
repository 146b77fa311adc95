import { z } from 'zod';
import { Dec } from '../exchange/decimal.js';
import { DecimalTextSchema } from '../exchange/decimalTextSchema.js';
import { roundPerpPrice } from '../exchange/roundPerpPrice.js';

/**
 * A break-even move armed on a strategy's position (issue 41): once the mid reaches `activationPx`,
 * the stop goes to `stopPx` (the entry moved by the alert's offset in the position's favour).
 */
export const BreakEvenSchema = z.object({ activationPx: DecimalTextSchema, stopPx: DecimalTextSchema });
/** An armed break-even move. */
export type BreakEven = z.infer<typeof BreakEvenSchema>;

/**
 * The prices of a break-even move for a position entered at `entryPx`: a long's activation and
 * stop lie above the entry, a short's below. Both are valid venue prices, rounded toward the
 * entry's side of the move so the stop never ends beyond where the alert asked (a long's down, a
 * short's up); null when a price would round to nothing.
 */
export function breakEvenPrices(
  entryPx: string,
  isLong: boolean,
  percents: { readonly activationPercent: number; readonly offsetPercent: number },
  szDecimals: number,
): BreakEven | null {
  const away = (percent: number) => new Dec(entryPx).mul(new Dec(100).plus(isLong ? percent : -percent)).div(100);
  try {
    return {
      activationPx: roundPerpPrice(away(percents.activationPercent).toFixed(), szDecimals, isLong ? 'up' : 'down'),
      stopPx: roundPerpPrice(away(percents.offsetPercent).toFixed(), szDecimals, isLong ? 'down' : 'up'),
    };
  } catch {
    return null;
  }
}

/**
 * The stop a break-even move asks for now: its stop price once the mid has reached the activation
 * (a long's at or above, a short's at or below), and only if that tightens the current stop (a
 * long's moves up, a short's down); else undefined, nothing to move.
 */
export function breakEvenStop(breakEven: BreakEven, isLong: boolean, mid: number, currentStop: string | undefined): string | undefined {
  if (!Number.isFinite(mid) || mid <= 0) return undefined;
  const reached = isLong ? new Dec(mid).gte(breakEven.activationPx) : new Dec(mid).lte(breakEven.activationPx);
  if (!reached) return undefined;
  if (currentStop === undefined) return breakEven.stopPx;
  const tighter = isLong ? new Dec(breakEven.stopPx).gt(currentStop) : new Dec(breakEven.stopPx).lt(currentStop);
  return tighter ? breakEven.stopPx : undefined;
}
