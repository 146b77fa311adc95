import { z } from 'zod';
import type { TrailingStopAsk } from '../alert/exitSchemas.js';
import { Dec } from '../exchange/decimal.js';
import { DecimalTextSchema } from '../exchange/decimalTextSchema.js';
import { roundPerpPrice } from '../exchange/roundPerpPrice.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';

/**
 * A trailing stop armed on a strategy's position (issue 41): how far behind the price it follows
 * (`percent` of the price, or `amount` in USD), from which price on (`activationPx`; `active`
 * once reached), and when it last moved the stop. Hyperliquid has no trailing order: a real stop
 * rests at the venue, and hyperhook moves it.
 */
export const TrailingStopSchema = z.object({
  percent: DecimalTextSchema.optional(),
  amount: DecimalTextSchema.optional(),
  activationPx: DecimalTextSchema.optional(),
  active: z.boolean(),
  movedAt: IsoTimestampSchema.optional(),
});
/** A trailing stop's state. */
export type TrailingStop = z.infer<typeof TrailingStopSchema>;

/**
 * The stop moves only when the trail has tightened by at least this part of its distance, so a
 * choppy price moves it seldom: each move lifts a long's stop by a quarter of the distance or more.
 */
export const TRAIL_STEP_FRACTION = 0.25;
/** …and at most once in this long, whatever the price does. */
export const TRAIL_MIN_MOVE_INTERVAL_MS = 30_000;

/**
 * The most moves a trail can make in an hour whose mids ranged over `range` (its high less its low),
 * for a trail `distance` behind the price at the hour's low (a percent trail's distance grows with
 * the price): the first move may jump any way up, each later one tightens by a quarter of the
 * distance or more, and the stop stays a distance behind the price, so at most 4·range/distance + 1
 * moves; and never more than one per TRAIL_MIN_MOVE_INTERVAL_MS. Each move costs the venue's
 * per-address budget two requests (the new stop, then the old one's cancel).
 */
export function trailMoveBound(range: number, distance: number, hourMs = 3_600_000): number {
  return Math.min(Math.floor(Math.max(range, 0) / (distance * TRAIL_STEP_FRACTION)) + 1, Math.floor(hourMs / TRAIL_MIN_MOVE_INTERVAL_MS));
}

/** How far behind `px` the trail runs. */
export function trailDistance(trail: Pick<TrailingStop, 'percent' | 'amount'>, px: string | number): InstanceType<typeof Dec> {
  return trail.percent !== undefined ? new Dec(px).mul(trail.percent).div(100) : new Dec(trail.amount ?? '0');
}

/**
 * A trail armed on an entry filled at `entryPx`: its state, and the stop it asks for at once (the
 * distance behind the entry), so the position is protected from its first moment, active or not.
 */
export function armTrail(ask: TrailingStopAsk, entryPx: string, isLong: boolean, szDecimals: number): { trail: TrailingStop; stopPx: string } | null {
  const distance = {
    ...(ask.percent !== undefined ? { percent: new Dec(ask.percent).toFixed() } : {}),
    ...(ask.amount !== undefined ? { amount: new Dec(ask.amount).toFixed() } : {}),
  };
  const activation =
    ask.activationPrice !== undefined
      ? String(ask.activationPrice)
      : ask.activationPercent !== undefined
        ? new Dec(entryPx)
            .mul(new Dec(100).plus(isLong ? ask.activationPercent : -ask.activationPercent))
            .div(100)
            .toFixed()
        : undefined;
  const stop = rounded(
    isLong ? new Dec(entryPx).minus(trailDistance(distance, entryPx)) : new Dec(entryPx).plus(trailDistance(distance, entryPx)),
    isLong,
    szDecimals,
  );
  if (stop === undefined) return null;
  let activationPx: string | undefined;
  if (activation !== undefined) {
    try {
      activationPx = roundPerpPrice(activation, szDecimals, isLong ? 'up' : 'down');
    } catch {
      return null;
    }
  }
  return { trail: { ...distance, ...(activationPx !== undefined ? { activationPx } : {}), active: activationPx === undefined }, stopPx: stop };
}

/**
 * What a trail asks for at a mid of `mid` (issue 41): nothing until the price reaches the
 * activation; then the stop the distance behind the mid, but only when that tightens the current
 * stop by a step (TRAIL_STEP_FRACTION of the distance) and the last move is at least
 * TRAIL_MIN_MOVE_INTERVAL_MS old. A long's stop only ever goes up, a short's down. `trail` is the
 * state to record (active once reached, `movedAt` on a move); undefined when nothing changes.
 */
export function trailMove(
  trail: TrailingStop,
  isLong: boolean,
  mid: number,
  currentStop: string | undefined,
  now: number,
  szDecimals: number,
): { stopPx?: string; trail: TrailingStop } | undefined {
  if (!Number.isFinite(mid) || mid <= 0) return undefined;
  const reached = trail.active || trail.activationPx === undefined || (isLong ? new Dec(mid).gte(trail.activationPx) : new Dec(mid).lte(trail.activationPx));
  if (!reached) return undefined;
  const activated = trail.active ? trail : { ...trail, active: true };
  const distance = trailDistance(trail, mid);
  const candidate = rounded(isLong ? new Dec(mid).minus(distance) : new Dec(mid).plus(distance), isLong, szDecimals);
  const step = distance.mul(TRAIL_STEP_FRACTION);
  const tightens =
    candidate !== undefined &&
    (currentStop === undefined ||
      (isLong ? new Dec(candidate).gte(new Dec(currentStop).plus(step)) : new Dec(candidate).lte(new Dec(currentStop).minus(step))));
  const rested = trail.movedAt === undefined || now - Date.parse(trail.movedAt) >= TRAIL_MIN_MOVE_INTERVAL_MS;
  if (tightens && rested) return { stopPx: candidate, trail: { ...activated, movedAt: new Date(now).toISOString() } };
  return trail.active ? undefined : { trail: activated };
}

function rounded(px: InstanceType<typeof Dec>, isLong: boolean, szDecimals: number): string | undefined {
  if (!px.gt(0)) return undefined;
  try {
    return roundPerpPrice(px.toFixed(), szDecimals, isLong ? 'down' : 'up');
  } catch {
    return undefined;
  }
}
