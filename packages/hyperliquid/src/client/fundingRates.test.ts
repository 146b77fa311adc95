import type { MetaAndAssetCtxsResponse } from '@nktkas/hyperliquid/api/info';
import { describe, expect, it } from 'vitest';
import { toFundingRates } from './fundingRates.js';

const ctx = (funding: string, oraclePx: string, markPx = oraclePx) => ({
  dayNtlVlm: '0.0',
  funding,
  impactPxs: null,
  markPx,
  midPx: markPx,
  openInterest: '0.0',
  oraclePx,
  premium: '0.0',
  prevDayPx: oraclePx,
  dayBaseVlm: '0.0',
});
const answer = (ctxs: unknown[]) =>
  [
    {
      universe: [
        { name: 'BTC', szDecimals: 5, maxLeverage: 40, marginTableId: 40 },
        { name: 'ETH', szDecimals: 4, maxLeverage: 25, marginTableId: 25 },
        { name: 'OLD', szDecimals: 0, maxLeverage: 3, marginTableId: 3, isDelisted: true },
      ],
      marginTables: [],
      collateralToken: 0,
    },
    ctxs,
  ] as unknown as MetaAndAssetCtxsResponse;

describe('toFundingRates (rule 17)', () => {
  it("given metaAndAssetCtxs, then each coin's hourly rate, signed, with the oracle and mark prices of its context", () => {
    expect(toFundingRates(answer([ctx('0.0000125', '97010.0', '97000.0'), ctx('-0.0000325', '3500.5'), ctx('0.0', '0.0')]))).toEqual({
      BTC: { coin: 'BTC', fundingRate: 0.0000125, oraclePx: 97_010, markPx: 97_000 },
      ETH: { coin: 'ETH', fundingRate: -0.0000325, oraclePx: 3_500.5, markPx: 3_500.5 },
    });
  });

  it('given an answer of another shape, then it throws rather than answer no rates', () => {
    expect(() => toFundingRates({} as unknown as MetaAndAssetCtxsResponse)).toThrow('asset contexts');
    expect(() => toFundingRates([{ universe: [] }] as unknown as MetaAndAssetCtxsResponse)).toThrow('asset contexts');
  });
});
