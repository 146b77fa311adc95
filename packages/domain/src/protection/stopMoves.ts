import { Dec } from '../exchange/decimal.js';
import { breakEvenStop } from './breakEven.js';
import type { ProtectionPrices } from './protectionPlan.js';
import { trailMove } from './trailingStop.js';

/** A move of a position's stop: the prices to keep from now, and whether the break-even move is done. */
export interface StopMove {
  readonly prices: Pick<ProtectionPrices, 'stopLoss' | 'trailingStop'>;
  readonly clearBreakEven: boolean;
}

/**
 * The stop a position's armed moves ask for at a mid of `mid` (issue 41): the break-even move's and
 * the trail's, the tighter of the two (a long's higher), never loosening the current stop. A trail
 * that only just activated is recorded too, so a restart knows it. Undefined: nothing to do.
 */
export function nextStopMove(protection: ProtectionPrices, isLong: boolean, mid: number, now: number, szDecimals: number): StopMove | undefined {
  const current = protection.stopLoss;
  const breakEven = protection.breakEven === undefined ? undefined : breakEvenStop(protection.breakEven, isLong, mid, current);
  const trail = protection.trailingStop === undefined ? undefined : trailMove(protection.trailingStop, isLong, mid, current, now, szDecimals);
  const candidates = [breakEven, trail?.stopPx].filter((px): px is string => px !== undefined);
  const stopLoss = candidates.reduce<string | undefined>(
    (best, px) => (best === undefined || (isLong ? new Dec(px).gt(best) : new Dec(px).lt(best)) ? px : best),
    undefined,
  );
  if (stopLoss === undefined && trail === undefined) return undefined;
  return {
    prices: { ...(stopLoss !== undefined ? { stopLoss } : {}), ...(trail !== undefined ? { trailingStop: trail.trail } : {}) },
    clearBreakEven: breakEven !== undefined,
  };
}
