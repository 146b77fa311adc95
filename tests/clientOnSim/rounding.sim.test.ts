import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { orderPlanOnSim, planOnSim } from './testing/planOnSim.js';
import { type SimHarness, startHarness } from './testing/simHarness.js';

let h: SimHarness;
beforeEach(async () => {
  h = await startHarness({ usdc: 100_000 });
});
afterEach(async () => {
  await h.close();
});

/** Default simulator universe: one market per szDecimals 0..5, including a kPEPE-like tiny price. */
const MARKETS = [
  { coin: 'kPEPE', szDecimals: 0, mark: 0.012 },
  { coin: 'DOGE', szDecimals: 0, mark: 0.35 },
  { coin: 'DYDX', szDecimals: 1, mark: 1.25 },
  { coin: 'SOL', szDecimals: 2, mark: 180 },
  { coin: 'BNB', szDecimals: 3, mark: 650 },
  { coin: 'ETH', szDecimals: 4, mark: 3500 },
  { coin: 'BTC', szDecimals: 5, mark: 97000 },
];

describe('price and size rounding accepted by the strict simulator', () => {
  for (const { coin, szDecimals, mark } of MARKETS) {
    it(`given ${coin} (szDecimals ${szDecimals}) at an awkward mark, when $25 is bought at market with 0.7 % slippage, then the venue accepts and fills`, async () => {
      // A mark with more digits than any valid price forces every rounding branch.
      const awkward = Number((mark * 1.0123456).toPrecision(9));
      h.sim.setMarkPrice(coin, awkward);
      const plan = await orderPlanOnSim(h, { coin, action: 'buy', size: 25 }, cloidForSignal(`round-${coin}`), { slippageTolerance: 0.7 });
      const result = await h.client.placeOrder(h.signer, plan);
      expect(result.outcome).toMatchObject({ kind: 'filled', partial: false });
      const filled = result.outcome.kind === 'filled' ? result.outcome.filledSize : 0;
      expect(Number.isInteger(Math.round(filled * 10 ** szDecimals * 1e6) / 1e6)).toBe(true);
    });

    it(`given ${coin} (szDecimals ${szDecimals}), when a sell limit is asked at an unrounded price, then it rests at a valid price at or above the ask`, async () => {
      const asked = mark * 1.0567891;
      const plan = await orderPlanOnSim(h, { coin, action: 'sell', orderType: 'limit', price: asked, size: 30 }, cloidForSignal(`limit-${coin}`));
      const result = await h.client.placeOrder(h.signer, plan);
      expect(result.outcome).toMatchObject({ kind: 'resting' });
      const status = await h.client.reconcileByCloid(h.signer, cloidForSignal(`limit-${coin}`));
      expect(status.kind === 'found' && status.limitPrice).toBeGreaterThanOrEqual(asked);
    });
  }

  it('given BTC at a six-digit mark, when bought at market, then the integer guard price is accepted', async () => {
    h.sim.setMarkPrice('BTC', 123456.789);
    const plan = await orderPlanOnSim(h, { coin: 'BTC', action: 'buy', size: 25 }, cloidForSignal('btc-int'));
    const result = await h.client.placeOrder(h.signer, plan);
    expect(result.outcome).toMatchObject({ kind: 'filled', filledSize: 0.0002 });
  });

  it('given a kPEPE-like tiny price, when a stop-loss is attached, then trigger and limit prices are valid and accepted', async () => {
    // $24 is 2000 kPEPE at the 0.012 mid.
    const plan = await orderPlanOnSim(h, { coin: 'kPEPE', action: 'buy', size: 24, takeProfit: 0.0133333, stopLoss: 0.0111111 }, cloidForSignal('pepe-sl'));
    // Sent grouped, as the venue takes a bracket (the product places an IOC's TP/SL after the fill).
    const result = await h.client.placeOrder(h.signer, { ...plan, grouping: 'normalTpsl' });
    expect(result.outcome).toMatchObject({ kind: 'filled', children: [{ status: 'waitingForTrigger' }, { status: 'waitingForTrigger' }] });
  });

  it('given a plan price with too many significant figures, when placed as is, then it is refused before signing', async () => {
    const before = h.sim.stats().exchangeRequests;
    const result = await h.client.placeOrder(h.signer, {
      coin: 'ETH',
      isBuy: true,
      price: '3500.12',
      size: '0.01',
      reduceOnly: false,
      tif: 'Gtc',
      cloid: cloidForSignal('bad-price'),
    });
    expect(result.outcome).toMatchObject({
      kind: 'rejected',
      reason: 'invalidOrder',
      stage: 'client',
      message: expect.stringContaining('5 significant figures and 2 decimals'),
    });
    expect(h.sim.stats().exchangeRequests).toBe(before);
  });

  it('given a plan size with more decimals than the asset allows, when placed as is, then it is refused before signing', async () => {
    const result = await h.client.placeOrder(h.signer, {
      coin: 'SOL',
      isBuy: true,
      price: '180',
      size: '1.001',
      reduceOnly: false,
      tif: 'Gtc',
      cloid: cloidForSignal('bad-size'),
    });
    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'invalidOrder', message: expect.stringContaining('at most 2 decimals') });
  });

  it('given a size that truncates to nothing, when a market order is asked, then it is refused with the smallest step', async () => {
    // $0.315 is 0.9 DOGE at the 0.35 mid.
    const result = await planOnSim(h, { coin: 'DOGE', action: 'buy', size: 0.315 }, cloidForSignal('zero'));
    expect(result).toMatchObject({ ok: false, code: 'ZERO_SIZE', message: expect.stringContaining('smallest DOGE size step') });
  });

  it('given a size that drops below $10 only after truncation, when placed, then minNotional is reported', async () => {
    // $10.115 is 28.9 DOGE at 0.35, truncated to 28 DOGE ≈ $9.8.
    const result = await planOnSim(h, { coin: 'DOGE', action: 'buy', size: 10.115 }, cloidForSignal('trunc'), { slippageTolerance: 0 });
    expect(result).toMatchObject({ ok: false, code: 'BELOW_MINIMUM_NOTIONAL' });
  });
});
