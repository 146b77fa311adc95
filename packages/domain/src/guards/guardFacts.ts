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

/**
 * The account's P&L since the day began in `timeZone` (issue 42): every strategy's realised P&L
 * of the day and open P&L now, by the same rule as one strategy's. `holdings` is the ledger's
 * (coin → strategy → position); what no strategy holds (its outside part) is not counted.
 */
export function accountDayPnl(
  activities: Readonly<Record<string, StrategyActivity>>,
  holdings: Readonly<Record<string, Readonly<Record<string, HeldPosition>>>>,
  mids: Readonly<Record<string, string>>,
  now: number,
  timeZone: string,
): number {
  const from = startOfWallDay(now, timeZone);
  const realised = Object.values(activities).reduce((sum, activity) => sum + realisedSince(activity, from), 0);
  const open = Object.entries(holdings).reduce((sum, [coin, byStrategy]) => {
    const mid = mids[coin];
    if (mid === undefined) return sum;
    return Object.values(byStrategy).reduce((inCoin, position) => inCoin.plus(new Dec(position.szi).mul(new Dec(mid).minus(position.entryPx))), sum);
  }, new Dec(0));
  return realised + open.toNumber();
}
