/** clearinghouseState arithmetic (reference §1.3) and the spot USDC view. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, startTestSim, stranger, type TestSim } from './testing/harness.js';

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

type Summary = { accountValue: string; totalNtlPos: string; totalRawUsd: string; totalMarginUsed: string };
type Position = Record<string, unknown> & { szi: string; positionValue: string; unrealizedPnl: string; returnOnEquity: string; marginUsed: string };
type State = {
  marginSummary: Summary;
  crossMarginSummary: Summary;
  withdrawable: string;
  crossMaintenanceMarginUsed: string;
  assetPositions: { type: string; position: Position }[];
};
const state = () => info<State>(t.sim.url, { type: 'clearinghouseState', user: master.address });
const place = (...orders: Record<string, unknown>[]) => exchange(t.sim.url, master, orderAction(orders), { nonce: t.clock.nonce() });

/** Opens an ETH long at exactly `px` through a maker fill. */
async function openEthAt(px: string, sz: string) {
  await place(limit(1, true, px, sz));
  t.sim.setMarkPrice('ETH', Number(px));
}

describe('clearinghouseState', () => {
  it('given an unknown user, then the all-zero shape, not an error', async () => {
    expect(await info(t.sim.url, { type: 'clearinghouseState', user: stranger.address })).toEqual({
      marginSummary: { accountValue: '0.0', totalNtlPos: '0.0', totalRawUsd: '0.0', totalMarginUsed: '0.0' },
      crossMarginSummary: { accountValue: '0.0', totalNtlPos: '0.0', totalRawUsd: '0.0', totalMarginUsed: '0.0' },
      crossMaintenanceMarginUsed: '0.0',
      withdrawable: '0.0',
      assetPositions: [],
      time: t.clock.now(),
    });
  });

  it('given a funded flat account, then accountValue = totalRawUsd = withdrawable = the deposit', async () => {
    const s = await state();
    expect(s.marginSummary).toEqual({ accountValue: '10000.0', totalNtlPos: '0.0', totalRawUsd: '10000.0', totalMarginUsed: '0.0' });
    expect(s.withdrawable).toBe('10000.0');
  });

  it('given the doc example (0.0335 ETH from 2986.3, mark 2985.9, 20x), then pnl −0.0134 and ROE −0.0026789', async () => {
    await openEthAt('2986.3', '0.0335');
    t.sim.setMarkPrice('ETH', 2985.9);
    const s = await state();
    const p = s.assetPositions[0]?.position as Position;
    expect(s.assetPositions[0]?.type).toBe('oneWay');
    expect(p).toMatchObject({
      coin: 'ETH',
      szi: '0.0335',
      entryPx: '2986.3',
      positionValue: '100.02765',
      unrealizedPnl: '-0.0134',
      leverage: { type: 'cross', value: 20 },
      maxLeverage: 25,
      cumFunding: { allTime: '0.0', sinceOpen: '0.0', sinceChange: '0.0' },
    });
    expect(p.returnOnEquity.startsWith('-0.0026789')).toBe(true);
    expect(Number(p.marginUsed)).toBeCloseTo(100.02765 / 20, 6);
    const fee = 0.0335 * 2986.3 * 0.00015;
    expect(Number(s.marginSummary.totalRawUsd)).toBeCloseTo(10_000 - 0.0335 * 2986.3 - fee, 6);
    expect(Number(s.marginSummary.accountValue)).toBeCloseTo(Number(s.marginSummary.totalRawUsd) + 0.0335 * 2985.9, 6);
    expect(Number(s.withdrawable)).toBeCloseTo(Number(s.marginSummary.accountValue) - Number(s.marginSummary.totalMarginUsed), 6);
    expect(Number(s.crossMaintenanceMarginUsed)).toBeCloseTo(100.02765 / 50, 6);
    expect(Number(p.liquidationPx)).toBeLessThan(2985.9);
  });

  it('given the cassette numbers (positionValue 211.64542 at 20x), then marginUsed "10.582271"', async () => {
    await openEthAt('2116.4', '0.1');
    t.sim.setMarkPrice('ETH', 2116.4542);
    const p = (await state()).assetPositions[0]?.position as Position;
    expect(p.positionValue).toBe('211.64542');
    expect(p.marginUsed).toBe('10.582271');
  });

  it('given an isolated position, then marginUsed = rawUsd + szi·markPx and cross totals exclude it', async () => {
    await exchange(t.sim.url, master, { type: 'updateLeverage', asset: 1, isCross: false, leverage: 10 }, { nonce: t.clock.nonce() });
    await openEthAt('3000', '0.1');
    t.sim.setMarkPrice('ETH', 3100);
    const s = await state();
    const p = s.assetPositions[0]?.position as Position & { leverage: { type: string; value: number; rawUsd: string } };
    expect(p.leverage.type).toBe('isolated');
    expect(Number(p.leverage.rawUsd)).toBeCloseTo(30 - 300, 6);
    expect(Number(p.marginUsed)).toBeCloseTo(Number(p.leverage.rawUsd) + 0.1 * 3100, 6);
    expect(s.crossMarginSummary.totalNtlPos).toBe('0.0');
    expect(Number(s.crossMarginSummary.accountValue)).toBeCloseTo(Number(s.marginSummary.accountValue) - Number(p.marginUsed), 6);
  });

  it('given a short, then szi is negative and unrealizedPnl gains when the mark falls', async () => {
    await place(limit(1, false, '3400', '0.1', { tif: 'Ioc' }));
    t.sim.setMarkPrice('ETH', 3400);
    const p = (await state()).assetPositions[0]?.position as Position;
    expect(p.szi).toBe('-0.1');
    expect(Number(p.unrealizedPnl)).toBeCloseTo(0.1 * (3499.3 - 3400), 6);
  });
});

describe('spotClearinghouseState', () => {
  it('given seeded spot USDC, then it is shown as the USDC balance; an unknown user has none', async () => {
    t.sim.seedAccount({ address: master.address, usdc: 10_000, spotUsdc: 25 });
    expect(await info(t.sim.url, { type: 'spotClearinghouseState', user: master.address })).toEqual({
      balances: [{ coin: 'USDC', token: 0, hold: '0.0', total: '25.0', entryNtl: '0.0' }],
    });
    expect(await info(t.sim.url, { type: 'spotClearinghouseState', user: stranger.address })).toEqual({ balances: [] });
  });
});
