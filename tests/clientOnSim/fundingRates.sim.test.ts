import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HyperliquidReadError } from '@hyperhook/hyperliquid';
import { type SimHarness, startHarness } from './testing/simHarness.js';

let h: SimHarness;
beforeEach(async () => {
  h = await startHarness({ client: { sleep: async () => undefined } });
});
afterEach(async () => {
  await h.close();
});

describe('reading funding rates against the simulator (rule 17)', () => {
  it('given the rates the venue lists, when read, then each coin has its hourly rate and oracle price, at weight 20', async () => {
    h.sim.setFundingRate('ETH', -0.0000325);
    h.sim.setMarkPrice('BTC', 96_000);
    const before = h.client.budget(true);

    const rates = await h.client.getFundingRates(true);

    expect(rates.BTC).toEqual({ coin: 'BTC', fundingRate: 0.0000125, oraclePx: 96_000, markPx: 96_000 });
    expect(rates.ETH).toMatchObject({ fundingRate: -0.0000325, oraclePx: 3_500 });
    expect(h.sim.stats().requestsByType['info metaAndAssetCtxs']).toBe(1);
    expect(h.client.budget(true).weight - before.weight).toBe(20);
  });

  it('given the venue failing, when read, then HyperliquidReadError', async () => {
    h.sim.injectFault({ endpoint: 'info', kind: 'http5xx', count: 10 });
    await expect(h.client.getFundingRates(true)).rejects.toBeInstanceOf(HyperliquidReadError);
  });
});
