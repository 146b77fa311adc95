/** updateLeverage rules and their effect on margin. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, startTestSim, statusesOf, type TestSim } from './testing/harness.js';

const OK = { status: 'ok', response: { type: 'default' } };
let t: TestSim;
beforeEach(async () => {
  t = await startTestSim({
    assets: [
      { name: 'BTC', szDecimals: 5, maxLeverage: 40, markPx: 97000 },
      { name: 'ETH', szDecimals: 4, maxLeverage: 25, markPx: 3500 },
      { name: 'ISO', szDecimals: 1, maxLeverage: 5, markPx: 10, onlyIsolated: true },
      { name: 'kPEPE', szDecimals: 0, maxLeverage: 10, markPx: 0.012 },
    ],
  });
});
afterEach(async () => {
  await t.sim.close();
});

const lev = (asset: number, isCross: boolean, leverage: number) =>
  exchange(t.sim.url, master, { type: 'updateLeverage', asset, isCross, leverage }, { nonce: t.clock.nonce() });
const place = async (...orders: Record<string, unknown>[]) => statusesOf(await exchange(t.sim.url, master, orderAction(orders), { nonce: t.clock.nonce() }));

describe('updateLeverage', () => {
  it('given leverage above maxLeverage or below 1, then "Invalid leverage value"; the max itself is fine', async () => {
    expect(await lev(0, true, 41)).toEqual({ status: 'err', response: 'Invalid leverage value' });
    expect(await lev(0, true, 0)).toEqual({ status: 'err', response: 'Invalid leverage value' });
    expect(await lev(0, true, 40)).toEqual(OK);
  });

  it('given an unknown asset, then the asset error', async () => {
    expect(await lev(99, true, 5)).toEqual({ status: 'err', response: 'Invalid asset: 99' });
  });

  it('given an isolated-only asset, when cross is requested, then "Cross margin is not allowed for this asset."', async () => {
    expect(await lev(2, true, 3)).toEqual({ status: 'err', response: 'Cross margin is not allowed for this asset.' });
    expect(await lev(2, false, 3)).toEqual(OK);
  });

  it('given an open cross position, when switching to isolated, then refused; changing the value is allowed', async () => {
    await place(limit(1, true, '3600', '0.1', { tif: 'Ioc' }));
    expect(await lev(1, false, 10)).toEqual({ status: 'err', response: 'Cannot switch leverage type with open position.' });
    expect(await lev(1, true, 3)).toEqual(OK);
    const s = await info<{ assetPositions: { position: { leverage: unknown } }[] }>(t.sim.url, { type: 'clearinghouseState', user: master.address });
    expect(s.assetPositions[0]?.position.leverage).toEqual({ type: 'cross', value: 3 });
  });

  it('given 1x leverage, when an order needs more than the account, then insufficient margin; at 20x it fills', async () => {
    await lev(0, true, 1);
    expect(await place(limit(0, true, '98000', '0.15', { tif: 'Ioc' }))).toEqual([{ error: 'Insufficient margin to place order. asset=0' }]);
    await lev(0, true, 20);
    expect(await place(limit(0, true, '98000', '0.15', { tif: 'Ioc' }))).toEqual([{ filled: expect.any(Object) }]);
  });

  it('given resting orders, then their margin is reserved against new orders', async () => {
    await lev(0, true, 1);
    expect(await place(limit(0, true, '60000', '0.1'))).toEqual([{ resting: expect.any(Object) }]);
    expect(await place(limit(0, true, '60000', '0.1'))).toEqual([{ error: 'Insufficient margin to place order. asset=0' }]);
  });

  it('given never-configured assets, then the default is cross 20 capped by maxLeverage', async () => {
    const data = await info<{ leverage: unknown }>(t.sim.url, { type: 'activeAssetData', user: master.address, coin: 'kPEPE' });
    expect(data.leverage).toEqual({ type: 'cross', value: 10 });
    const btc = await info<{ leverage: unknown }>(t.sim.url, { type: 'activeAssetData', user: master.address, coin: 'BTC' });
    expect(btc.leverage).toEqual({ type: 'cross', value: 20 });
  });
});
