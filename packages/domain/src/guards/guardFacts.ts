import { Dec } from '../exchange/decimal.js';
import { entriesSince, realisedSince, type StrategyActivity } from '../ledger/strategyActivity.js';
import { startOfWallDay } from '../shared/wallClock.js';

/** A position as the day's P&L values it: signed size and average entry, in decimal text. */
export interface HeldPosition {
  readonly szi: string;
  readonly entryPx: string;
}

/**
 * A strategy's P&L since the day began in `timeZone`: what it realised since (less fees) plus what
 * its open positions are up or down now at `mids`. A position opened before the day counts all its
 * open P&L, so a loss carried overnight stops entries sooner, never later. A coin without a mid
 * counts nothing open.
 */
export function dayPnl(
  activity: StrategyActivity,
  held: Readonly<Record<string, HeldPosition>>,
  mids: Readonly<Record<string, string>>,
  now: number,
  timeZone: string,
): number {
  const open = Object.entries(held).reduce((sum, [coin, position]) => {
    const mid = mids[coin];
    return mid === undefined ? sum : sum.plus(new Dec(position.szi).mul(new Dec(mid).minus(position.entryPx)));
  }, new Dec(0));
  return realisedSince(activity, startOfWallDay(now, timeZone)) + open.toNumber();
}

/** Entries the strategy began since the day began in `timeZone`. */
export function entriesToday(activity: StrategyActivity, now: number, timeZone: string): number {
  return entriesSince(activity, startOfWallDay(now, timeZone));
}
