/**
 * A synthetic order book around the mid: a few levels per side with finite depth, so a huge IOC
 * fills partially and an IOC priced inside the spread finds nothing — the two cases a client must
 * handle. The book is regenerated from the mid for every order (it "refills" instantly); user
 * orders resting in the simulator are shown in `l2Book` but are filled by mark moves, not by
 * other users' takers. A coin's depth can be thinned (issue 39.5) so that an ordinary order fills
 * in part, as on an illiquid market.
 */
import { roundPriceToTick } from './priceRules.js';

/** Levels per side. */
export const BOOK_LEVELS = 5;
/** Relative distance between levels (and from the mid to the best level): 2 bp. */
export const LEVEL_STEP = 0.0002;
/** USD depth of each level. */
export const LEVEL_NOTIONAL_USD = 100_000;

/** A coin's book shape: `levelLots` per level (null: {@link LEVEL_NOTIONAL_USD} worth) on `levels` levels a side. */
export interface BookDepth {
  levels: number;
  levelLots: number | null;
}

/** The default book: five levels of $100,000. */
export const DEFAULT_DEPTH: BookDepth = { levels: BOOK_LEVELS, levelLots: null };

/** One price level; size in integer lots (10^−szDecimals). */
export interface BookLevel {
  px: number;
  lots: number;
}

/** Bids (descending) or asks (ascending) around `mid`, prices rounded away from the mid onto the grid. */
export function syntheticLevels(mid: number, szDecimals: number, side: 'bid' | 'ask', depth: BookDepth = DEFAULT_DEPTH): BookLevel[] {
  const levels: BookLevel[] = [];
  for (let i = 1; i <= depth.levels; i += 1) {
    const raw = side === 'ask' ? mid * (1 + i * LEVEL_STEP) : mid * (1 - i * LEVEL_STEP);
    const px = roundPriceToTick(raw, szDecimals, side === 'ask' ? 'up' : 'down');
    if (!(px > 0)) continue;
    const lots = depth.levelLots ?? Math.floor((LEVEL_NOTIONAL_USD / px) * 10 ** szDecimals);
    const last = levels[levels.length - 1];
    // Coarse grids can round two levels onto one price: merge instead of showing duplicates.
    if (last && last.px === px) last.lots += lots;
    else levels.push({ px, lots });
  }
  return levels;
}

/** Best bid and ask for `mid`. */
export function bestBidAsk(mid: number, szDecimals: number): { bid: number; ask: number } {
  const bid = syntheticLevels(mid, szDecimals, 'bid')[0]?.px ?? mid;
  const ask = syntheticLevels(mid, szDecimals, 'ask')[0]?.px ?? mid;
  return { bid, ask };
}

/** Result of taking liquidity: one entry per level touched. */
export interface Sweep {
  fills: BookLevel[];
  filledLots: number;
}

/** Takes up to `wantLots` from the opposite side, never beyond `limitPx`. */
export function sweepBook(mid: number, szDecimals: number, isBuy: boolean, limitPx: number, wantLots: number, depth: BookDepth = DEFAULT_DEPTH): Sweep {
  const levels = syntheticLevels(mid, szDecimals, isBuy ? 'ask' : 'bid', depth);
  const fills: BookLevel[] = [];
  let remaining = wantLots;
  for (const level of levels) {
    if (remaining <= 0) break;
    if (isBuy ? level.px > limitPx : level.px < limitPx) break;
    const take = Math.min(remaining, level.lots);
    if (take > 0) fills.push({ px: level.px, lots: take });
    remaining -= take;
  }
  return { fills, filledLots: wantLots - remaining };
}
