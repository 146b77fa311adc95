import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ASSETS } from '@hyperhook/venue-engine';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { alignThenPlace } from './testing/alignThenPlace.js';
import { iocBuy } from './testing/iocBuy.js';
import { type SimHarness, startHarness } from './testing/simHarness.js';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const buy = (coin: Parameters<typeof iocBuy>[0], size: string, signal: string) => iocBuy(coin, size, cloidForSignal(signal));

describe('the margin mode against the simulator (issue 39.2)', () => {
  it('issue 39.2: given a never-configured coin (cross 20), when an order is aligned isolated at 5x, then the venue holds it isolated and the position reads so', async () => {
    // given
    h = await startHarness();
    // when
    const result = await alignThenPlace(h.client, h.signer, buy('ETH', '0.01', 'mm-iso'), 5, 'isolated');
    // then
    expect(result.leverage).toEqual({ action: 'updated', from: { type: 'cross', value: 20 }, to: 5 });
    expect(result.outcome.kind).toBe('filled');
    expect(await h.client.getLeverage(h.signer, 'ETH')).toEqual({ type: 'isolated', value: 5 });
    expect((await h.client.getAccountSnapshot(h.signer)).positions[0]).toMatchObject({ coin: 'ETH', leverage: 5, marginMode: 'isolated' });
  });

  it('issue 39.2: given the coin at 5x cross already, when isolated is wanted at the same 5x, then updateLeverage is still sent', async () => {
    // given
    h = await startHarness();
    await h.client.ensureLeverage(h.signer, 'BNB', 5, 'cross');
    const before = h.sim.stats().exchangeRequests;
    // when
    const { step, outcome } = await h.client.ensureLeverage(h.signer, 'BNB', 5, 'isolated');
    // then
    expect([step.action, outcome.kind]).toEqual(['updated', 'ok']);
    expect(h.sim.stats().exchangeRequests - before).toBe(1);
    expect(await h.client.getLeverage(h.signer, 'BNB')).toEqual({ type: 'isolated', value: 5 });
  });

  it("issue 39.2: given an open cross position, when isolated is asked, then the venue's refusal is kept and the coin stays cross", async () => {
    // given
    h = await startHarness();
    await alignThenPlace(h.client, h.signer, buy('ETH', '0.01', 'mm-cross'), 5, 'cross');
    // when
    const { step, outcome } = await h.client.ensureLeverage(h.signer, 'ETH', 5, 'isolated');
    // then
    expect(step.action).toBe('failed');
    expect(outcome).toMatchObject({
      kind: 'rejected',
      stage: 'venue',
      message: 'Hyperliquid refused to set ETH leverage to 5x: Cannot switch leverage type with open position.',
    });
    expect(await h.client.getLeverage(h.signer, 'ETH')).toEqual({ type: 'cross', value: 5 });
  });

  it('issue 39.2: given an isolated-only coin, when cross is asked, then it is set isolated (the venue refuses cross for it)', async () => {
    // given
    h = await startHarness({ sim: { assets: [...DEFAULT_ASSETS, { name: 'ISO', szDecimals: 1, maxLeverage: 5, markPx: 10, onlyIsolated: true }] } });
    // when
    const { step, outcome } = await h.client.ensureLeverage(h.signer, 'ISO', 3, 'cross');
    // then
    expect([step.action, outcome.kind]).toEqual(['updated', 'ok']);
    expect(await h.client.getLeverage(h.signer, 'ISO')).toEqual({ type: 'isolated', value: 3 });
  });
});
