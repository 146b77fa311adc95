import type { MetaAndAssetCtxsResponse } from '@nktkas/hyperliquid/api/info';

/** One perp's funding as the venue states it now (`metaAndAssetCtxs`). */
export interface FundingRate {
  readonly coin: string;
  /** The hourly rate, signed: positive, longs pay shorts; negative, shorts pay longs. */
  readonly fundingRate: number;
  /** The oracle price a payment is reckoned at. */
  readonly oraclePx: number;
  readonly markPx: number;
}

const finite = (text: unknown): number | undefined => {
  const value = typeof text === 'string' && text.trim() !== '' ? Number(text) : Number.NaN;
  return Number.isFinite(value) ? value : undefined;
};

/**
 * Reads a `metaAndAssetCtxs` answer into each coin's funding rate and prices (ctxs[i] is
 * universe[i]'s). A coin whose context lacks a number (a delisted one without an oracle) is left
 * out; an answer of another shape throws.
 */
export function toFundingRates(answer: MetaAndAssetCtxsResponse): Record<string, FundingRate> {
  const [meta, ctxs] = Array.isArray(answer) ? answer : [];
  if (!Array.isArray(meta?.universe) || !Array.isArray(ctxs)) throw new TypeError('not a [meta, asset contexts] pair');
  const rates: Record<string, FundingRate> = {};
  meta.universe.forEach((entry, index) => {
    const ctx = ctxs[index];
    const fundingRate = finite(ctx?.funding);
    const oraclePx = finite(ctx?.oraclePx);
    const markPx = finite(ctx?.markPx);
    if (fundingRate === undefined || oraclePx === undefined || !(oraclePx > 0) || markPx === undefined) return;
    rates[entry.name] = { coin: entry.name, fundingRate, oraclePx, markPx };
  });
  return rates;
}
