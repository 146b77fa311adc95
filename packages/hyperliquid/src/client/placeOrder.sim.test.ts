import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloidForSignal } from './cloid.js';
import { type SimHarness, startHarness } from './testing/simHarness.js';

let h: SimHarness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const position = async (coin: string) => (await h.client.getAccountSnapshot(h.signer)).positions.find((p) => p.coin === coin);

describe('order round trips against the simulator', () => {
  it('given a funded account, when a market buy is placed, then it fills and opens a long', async () => {
    const cloid = cloidForSignal('market-buy');
    const result = await h.client.placeMarketOrder(h.signer, { coin: 'ETH', isBuy: true, size: 0.05, slippagePct: 1, cloid, leverage: 20 });
    expect(result.outcome).toMatchObject({ kind: 'filled', filledSize: 0.05, partial: false, children: [] });
    expect(result.outcome.kind === 'filled' && result.outcome.avgPrice).toBeLessThanOrEqual(3500 * 1.01);
    expect(await position('ETH')).toMatchObject({ coin: 'ETH', szi: 0.05 });
    expect(h.sim.stats().ordersByCloid[cloid]).toBe(1);
  });

  it('given a funded account, when a market sell is placed, then it fills and opens a short', async () => {
    const result = await h.client.placeMarketOrder(h.signer, { coin: 'SOL', isBuy: false, size: 1, slippagePct: 1, cloid: cloidForSignal('market-sell') });
    expect(result.outcome).toMatchObject({ kind: 'filled', filledSize: 1 });
    expect(await position('SOL')).toMatchObject({ szi: -1 });
  });

  it('given a buy limit below the market, when placed, then it rests with an oid (Gtc)', async () => {
    const result = await h.client.placeLimitOrder(h.signer, { coin: 'BTC', isBuy: true, size: 0.001, price: 90_000, cloid: cloidForSignal('limit') });
    expect(result.outcome).toMatchObject({ kind: 'resting', oid: expect.any(Number) });
    expect(await position('BTC')).toBeUndefined();
    const status = await h.client.reconcileByCloid(h.signer, cloidForSignal('limit'));
    expect(status).toMatchObject({ kind: 'found', status: 'open', limitPrice: 90_000 });
  });

  it('given an open long, when closed, then a reduce-only IOC flattens the whole position', async () => {
    await h.client.placeMarketOrder(h.signer, { coin: 'ETH', isBuy: true, size: 0.0731, slippagePct: 1, cloid: cloidForSignal('open') });
    const result = await h.client.closePosition(h.signer, { coin: 'ETH', slippagePct: 1, cloid: cloidForSignal('close') });
    expect(result.outcome).toMatchObject({ kind: 'filled', filledSize: 0.0731, partial: false });
    expect(result.leverage.action).toBe('notRequested');
    expect(await position('ETH')).toBeUndefined();
  });

  it('given an open short, when closed, then the close buys it back', async () => {
    await h.client.placeMarketOrder(h.signer, { coin: 'SOL', isBuy: false, size: 2.5, slippagePct: 1, cloid: cloidForSignal('short') });
    const result = await h.client.closePosition(h.signer, { coin: 'SOL', slippagePct: 1, cloid: cloidForSignal('close-short') });
    expect(result.outcome).toMatchObject({ kind: 'filled', filledSize: 2.5 });
    expect(await position('SOL')).toBeUndefined();
  });

  it('given no position, when a close is asked, then a clear rejected outcome and nothing is sent', async () => {
    const before = h.sim.stats().exchangeRequests;
    const result = await h.client.closePosition(h.signer, { coin: 'BTC', slippagePct: 1, cloid: cloidForSignal('close-nothing') });
    expect(result.outcome).toEqual({ kind: 'rejected', transient: false, reason: 'noPosition', message: 'There is no open BTC position to close.', stage: 'client' });
    expect(h.sim.stats().exchangeRequests).toBe(before);
  });

  it('given a market entry with TP and SL, when placed, then it fills and both children wait for their trigger', async () => {
    const result = await h.client.placeMarketOrder(h.signer, {
      coin: 'ETH', isBuy: true, size: 0.1, slippagePct: 1, cloid: cloidForSignal('bracket'), takeProfit: 3800, stopLoss: 3300, leverage: 10,
    });
    expect(result.outcome).toMatchObject({
      kind: 'filled',
      children: [
        { kind: 'tp', status: 'waitingForTrigger' },
        { kind: 'sl', status: 'waitingForTrigger' },
      ],
    });
  });

  it('given a short entry with TP and SL whose stop is hit, when the mark rises, then the stop closes the position', async () => {
    await h.client.placeMarketOrder(h.signer, { coin: 'SOL', isBuy: false, size: 1, slippagePct: 1, cloid: cloidForSignal('short-bracket'), takeProfit: 150, stopLoss: 200 });
    h.sim.setMarkPrice('SOL', 205);
    expect(await position('SOL')).toBeUndefined();
  });

  it('given a resting limit entry with TP and SL, when placed, then the children wait for the fill', async () => {
    const result = await h.client.placeLimitOrder(h.signer, {
      coin: 'BTC', isBuy: true, size: 0.001, price: 95_000, cloid: cloidForSignal('limit-bracket'), takeProfit: 100_000, stopLoss: 90_000,
    });
    expect(result.outcome).toMatchObject({ kind: 'resting', children: [{ status: 'waitingForFill' }, { status: 'waitingForFill' }] });
  });

  it('given an order below $10, when placed, then it is refused before signing', async () => {
    const before = h.sim.stats().exchangeRequests;
    const result = await h.client.placeMarketOrder(h.signer, { coin: 'ETH', isBuy: true, size: 0.002, slippagePct: 1, cloid: cloidForSignal('tiny') });
    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'minNotional', stage: 'client' });
    expect(h.sim.stats().exchangeRequests).toBe(before);
  });

  it('given an order larger than the margin allows, when placed, then the venue text comes back as rejected', async () => {
    const result = await h.client.placeMarketOrder(h.signer, { coin: 'BTC', isBuy: true, size: 5, slippagePct: 1, cloid: cloidForSignal('huge'), leverage: 2 });
    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'insufficientMargin', stage: 'venue', message: expect.stringContaining('Insufficient margin') });
  });

  it('given an unknown coin, when placed, then rejected unknownCoin', async () => {
    const result = await h.client.placeMarketOrder(h.signer, { coin: 'NOPE', isBuy: true, size: 1, slippagePct: 1, cloid: cloidForSignal('nope') });
    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'unknownCoin' });
  });

  it('given an API wallet the venue does not know, when an order is placed, then rejected signer with advice', async () => {
    const stranger = { ...h.signer, agentPrivateKey: `0x${'e5'.repeat(32)}` };
    const result = await h.client.placeMarketOrder(stranger, { coin: 'ETH', isBuy: true, size: 0.01, slippagePct: 1, cloid: cloidForSignal('stranger') });
    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'signer', hint: expect.any(String) });
  });
});
