/**
 * The simulated universe: default markets and id/name lookups. The asset id is the index in the
 * list, exactly like `meta.universe` on the venue.
 */
import type { SimAsset } from './types.js';

/**
 * Default universe: the coins the app trades most plus markets with szDecimals 0, 1, 2, 3, 4 and 5 so
 * every rounding branch of a client is exercised. Marks are plausible, not live.
 */
export const DEFAULT_ASSETS: readonly SimAsset[] = [
  { name: 'BTC', szDecimals: 5, maxLeverage: 40, markPx: 97000 },
  { name: 'ETH', szDecimals: 4, maxLeverage: 25, markPx: 3500 },
  { name: 'SOL', szDecimals: 2, maxLeverage: 20, markPx: 180 },
  { name: 'kPEPE', szDecimals: 0, maxLeverage: 10, markPx: 0.012 },
  { name: 'DOGE', szDecimals: 0, maxLeverage: 10, markPx: 0.35 },
  { name: 'DYDX', szDecimals: 1, maxLeverage: 10, markPx: 1.25 },
  { name: 'BNB', szDecimals: 3, maxLeverage: 10, markPx: 650 },
];

/** Leverage a never-configured (user, asset) gets: cross 20 as in the cassettes, capped by maxLeverage. */
export function defaultLeverage(asset: SimAsset): { type: 'cross' | 'isolated'; value: number } {
  return { type: asset.onlyIsolated ? 'isolated' : 'cross', value: Math.min(20, asset.maxLeverage) };
}

/** Checks a universe for duplicates and nonsense before the server starts. */
export function validateAssets(assets: readonly SimAsset[]): void {
  const names = new Set<string>();
  for (const a of assets) {
    if (names.has(a.name)) throw new Error(`duplicate asset ${a.name}`);
    names.add(a.name);
    if (!Number.isInteger(a.szDecimals) || a.szDecimals < 0 || a.szDecimals > 6) throw new Error(`bad szDecimals for ${a.name}`);
    if (!Number.isInteger(a.maxLeverage) || a.maxLeverage < 1) throw new Error(`bad maxLeverage for ${a.name}`);
    if (!(a.markPx > 0)) throw new Error(`bad markPx for ${a.name}`);
  }
}
