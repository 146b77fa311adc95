/**
 * Thin books on demand (issue 39.5): a test or a seed sets a coin's synthetic depth in coins per
 * level, so an order of ordinary size fills in part, as it can on an illiquid market.
 */
import type { SimState } from './simState.js';
import { BOOK_LEVELS, type BookDepth } from './syntheticBook.js';
import type { SimBookDepth } from './types.js';

/** Sets (or resets, with `levelSz: null`) the depth of the coin's synthetic book. */
export function applyBookDepth(state: SimState, depth: SimBookDepth): void {
  const asset = state.asset(state.assetId(depth.coin));
  if (!asset) throw new Error(`unknown coin ${depth.coin}`);
  if (depth.levelSz === null) return state.setBookDepth(asset.name, null);
  const lots = Math.round(depth.levelSz * 10 ** asset.szDecimals);
  // A size finer than the coin's lot would be silently rounded into a different book.
  if (lots < 1 || Math.abs(lots - depth.levelSz * 10 ** asset.szDecimals) > 1e-6) {
    throw new Error(`levelSz ${depth.levelSz} is not a whole number of ${asset.name} lots (${asset.szDecimals} decimals)`);
  }
  const shape: BookDepth = { levels: depth.levels ?? BOOK_LEVELS, levelLots: lots };
  state.setBookDepth(asset.name, shape);
}
