import { z } from 'zod';
import type { TakeProfitAsk } from '../alert/exitSchemas.js';
import { Dec } from '../exchange/decimal.js';
import { DecimalTextSchema } from '../exchange/decimalTextSchema.js';
import { roundPerpPrice } from '../exchange/roundPerpPrice.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { truncateSize } from '../exchange/truncateSize.js';

/**
 * One of a position's several take-profits (issue 41): its trigger and the coins it still closes.
 * Sizes are fixed when an alert sets them (its percent of the position then); a fill takes its
 * size off, so the next take-profits keep their own parts.
 */
export const TakeProfitTargetSchema = z.object({ triggerPx: DecimalTextSchema, size: DecimalTextSchema });
/** A take-profit target. */
export type TakeProfitTarget = z.infer<typeof TakeProfitTargetSchema>;

/** A take-profit the position was too small to split off: its percent of the position is less than one size step. */
export interface TakeProfitTooSmall {
  readonly triggerPx: string;
  readonly percent: number;
}

/**
 * The targets of an alert's `takeProfits` for a position of `held` coins entered at `entryPx`:
 * prices as given (rounded to a valid price) or `offsetPercent` from the entry in the position's
 * favour; sizes the percent of the position, rounded down to the size step; nearest first, the
 * order the price meets them. A take-profit worth less than a size step is left out and reported.
 */
export function takeProfitTargets(
  asks: readonly TakeProfitAsk[],
  entryPx: string,
  held: string,
  szDecimals: number,
): { targets: TakeProfitTarget[]; tooSmall: TakeProfitTooSmall[] } {
  const position = new Dec(held);
  const isLong = !position.isNegative();
  const targets: TakeProfitTarget[] = [];
  const tooSmall: TakeProfitTooSmall[] = [];
  for (const ask of asks) {
    const px =
      ask.price !== undefined
        ? String(ask.price)
        : new Dec(entryPx)
            .mul(new Dec(100).plus(isLong ? ask.offsetPercent! : -ask.offsetPercent!))
            .div(100)
            .toFixed();
    // An offset rounds toward the entry, so the target is never farther than asked.
    const triggerPx = roundPerpPrice(px, szDecimals, ask.price !== undefined ? 'nearest' : isLong ? 'down' : 'up');
    const size = truncateSize(position.abs().mul(ask.percent).div(100).toFixed(), szDecimals);
    if (size === '0') tooSmall.push({ triggerPx, percent: ask.percent });
    else {
      const same = targets.findIndex((target) => new Dec(target.triggerPx).eq(triggerPx));
      if (same >= 0) targets[same] = { triggerPx, size: toWireDecimal(new Dec(targets[same]!.size).plus(size).toFixed()) };
      else targets.push({ triggerPx, size });
    }
  }
  targets.sort((a, b) => (isLong ? 1 : -1) * new Dec(a.triggerPx).cmp(b.triggerPx));
  return { targets, tooSmall };
}

/**
 * The sizes the targets close now, for a position of `held` coins: each its own size, nearest
 * first, until the position is used up, so together they never close more than the strategy
 * holds (a manual reduction trims the farthest). Zero-sized ones are left out.
 */
export function fitTargets(targets: readonly TakeProfitTarget[], held: string, szDecimals: number): TakeProfitTarget[] {
  let left = new Dec(truncateSize(new Dec(held).abs().toFixed(), szDecimals));
  const fitted: TakeProfitTarget[] = [];
  for (const target of targets) {
    const size = Dec.min(new Dec(target.size), left);
    if (size.lte(0)) break;
    fitted.push({ triggerPx: target.triggerPx, size: toWireDecimal(size.toFixed()) });
    left = left.minus(size);
  }
  return fitted;
}

/** The targets after a take-profit at `triggerPx` filled `filled` coins: its size less the fill, gone once used up. */
export function afterTargetFill(targets: readonly TakeProfitTarget[], triggerPx: string, filled: string): TakeProfitTarget[] {
  return targets.flatMap((target) => {
    if (!new Dec(target.triggerPx).eq(triggerPx)) return [target];
    const left = new Dec(target.size).minus(filled);
    return left.gt(0) ? [{ triggerPx: target.triggerPx, size: toWireDecimal(left.toFixed()) }] : [];
  });
}
