import { Dec } from '../exchange/decimal.js';
import { entriesSince, realisedSince, type StrategyActivity } from '../ledger/strategyActivity.js';
import { startOfWallDay } from '../shared/wallClock.js';

/** A position as the day's P&L values it: signed size and average entry, in decimal text. */
export interface HeldPosition {
  readonly szi: string;
  readonly entryPx: string;
}

/** Mid prices by coin: numbers as the venue client answers them, or decimal text. */
export type Mids = Readonly<Record<string, string | number>>;

/** What `positions` (coin and position) are up or down at `mids`; a coin without a mid counts nothing. */
function openPnl(positions: Iterable<readonly [string, HeldPosition]>, mids: Mids): number {
  let open = new Dec(0);
  for (const [coin, position] of positions) {
    const mid = mids[coin];
    if (mid !== undefined) open = open.plus(new Dec(position.szi).mul(new Dec(mid).minus(position.entryPx)));
  }
  return open.toNumber();
}

/**
 * A strategy's P&L since the day began in `timeZone`: what it realised since (less fees) plus what
 * its open positions are up or down now at `mids`. A position opened before the day counts all its
 * open P&L, so a loss carried overnight stops entries sooner, never later. A coin without a mid
 * counts nothing open.
 */
export function dayPnl(activity: StrategyActivity, held: Readonly<Record<string, HeldPosition>>, mids: Mids, now: number, timeZone: string): number {
  return realisedSince(activity, startOfWallDay(now, timeZone)) + openPnl(Object.entries(held), mids);
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
  mids: Mids,
  now: number,
  timeZone: string,
): number {
  const from = startOfWallDay(now, timeZone);
  const realised = Object.values(activities).reduce((sum, activity) => sum + realisedSince(activity, from), 0);
  const positions = Object.entries(holdings).flatMap(([coin, byStrategy]) => Object.values(byStrategy).map((position) => [coin, position] as const));
  return realised + openPnl(positions, mids);
}
