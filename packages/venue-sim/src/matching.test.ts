/** Matching against the synthetic book: IOC fill / partial / no match, GTC resting then filled by the mark, fills and P&L. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from './startSimulator.js';
import { exchange, info, limit, master, orderAction, startTestSim, statusesOf, type TestSim } from './testing/harness.js';

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

const place = async (...orders: Record<string, unknown>[]) => statusesOf(await exchange(t.sim.url, master, orderAction(orders), { nonce: t.clock.nonce() }));

type Fill = Record<string, unknown>;
const fills = () => info<Fill[]>(t.sim.url, { type: 'userFills', user: master.address });
const position = async () => {
  const s = await info<{ assetPositions: { position: Record<string, unknown> }[] }>(t.sim.url, { type: 'clearinghouseState', user: master.address });
  return s.assetPositions[0]?.position;
};

describe('IOC', () => {
  it('given a marketable IOC buy, when placed, then it fills at the best ask as taker', async () => {
    const c = '0x00000000000000000000000000000001';
    expect(await place(limit(0, true, '98000', '0.01', { tif: 'Ioc', c }))).toEqual([
      { filled: { totalSz: '0.01', avgPx: '97020.0', oid: expect.any(Number), cloid: c } },
    ]);
    expect(await fills()).toEqual([
      {
        coin: 'BTC',
        px: '97020.0',
        sz: '0.01',
        side: 'B',
        time: t.clock.now(),
        startPosition: '0.0',
        dir: 'Open Long',
        closedPnl: '0.0',
        hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        oid: expect.any(Number),
        crossed: true,
        fee: '0.43659',
        tid: expect.any(Number),
        cloid: c,
        feeToken: 'USDC',
        twapId: null,
      },
    ]);
    expect(await position()).toMatchObject({ coin: 'BTC', szi: '0.01', entryPx: '97020.0', leverage: { type: 'cross', value: 20 } });
  });

  it('given an IOC far larger than the book, when placed, then it fills partially and the rest is cancelled', async () => {
    t.sim.seedAccount({ address: master.address, usdc: 10_000_000 });
    const [status] = await place(limit(0, true, '100000', '10', { tif: 'Ioc' }));
    const filled = (status as { filled: { totalSz: string; avgPx: string } }).filled;
    expect(Number(filled.totalSz)).toBeGreaterThan(5);
    expect(Number(filled.totalSz)).toBeLessThan(10);
    expect(Number(filled.avgPx)).toBeGreaterThan(97020);
    expect(Number(filled.avgPx)).toBeLessThan(97120);
    expect(await fills()).toHaveLength(5);
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toEqual([]);
  });

  it('given an IOC priced inside the spread, when placed, then "could not immediately match" and no position', async () => {
    expect(await place(limit(0, true, '97000', '0.01', { tif: 'Ioc' }))).toEqual([
      { error: 'Order could not immediately match against any resting orders. asset=0' },
    ]);
    expect(await position()).toBeUndefined();
  });

  it('given a long, when sold back higher, then closedPnl and "Close Long"; selling more flips "Long > Short"', async () => {
    await place(limit(0, true, '98000', '0.01', { tif: 'Ioc' }));
    t.sim.setMarkPrice('BTC', 98000);
    await place(limit(0, false, '97000', '0.01', { tif: 'Ioc' }));
    const [close] = await fills();
    expect(close).toMatchObject({ px: '97980.0', side: 'A', dir: 'Close Long', startPosition: '0.01', closedPnl: '9.6' });
    expect(await position()).toBeUndefined();
    await place(limit(0, true, '99000', '0.01', { tif: 'Ioc' }));
    await place(limit(0, false, '97000', '0.03', { tif: 'Ioc' }));
    expect((await fills())[0]).toMatchObject({ dir: 'Long > Short', startPosition: '0.01' });
    expect(await position()).toMatchObject({ szi: '-0.02', entryPx: '97980.0' });
  });
});

describe('GTC', () => {
  it('given a GTC below the mark, when the mark falls through it, then it fills at its price as maker', async () => {
    const [resting] = await place(limit(0, true, '96000', '0.01'));
    const oid = (resting as { resting: { oid: number } }).resting.oid;
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toEqual([
      { coin: 'BTC', side: 'B', limitPx: '96000.0', sz: '0.01', oid, timestamp: t.clock.now(), origSz: '0.01' },
    ]);
    t.sim.setMarkPrice('BTC', 96500);
    expect(await fills()).toEqual([]);
    t.sim.setMarkPrice('BTC', 95990);
    expect(await fills()).toEqual([expect.objectContaining({ px: '96000.0', sz: '0.01', crossed: false, fee: '0.144', dir: 'Open Long' })]);
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toEqual([]);
    const status = await info<{ order: { status: string } }>(t.sim.url, { type: 'orderStatus', user: master.address, oid });
    expect(status.order.status).toBe('filled');
  });

  it('given a crossing GTC, when placed, then it takes the levels up to its price and rests the remainder', async () => {
    t.sim.seedAccount({ address: master.address, usdc: 1_000_000 });
    const [status] = await place(limit(0, true, '97060', '5'));
    expect(status).toEqual({ resting: { oid: expect.any(Number) } });
    expect(await fills()).toHaveLength(3);
    const [open] = await info<{ sz: string; origSz: string }[]>(t.sim.url, { type: 'openOrders', user: master.address });
    const szi = Number((await position())?.szi);
    expect(Number(open?.sz) + szi).toBeCloseTo(5, 8);
    expect(open?.origSz).toBe('5.0');
  });
});

describe('determinism', () => {
  it('given two simulators with the same seed, when the same orders run, then oids and tids are identical; another seed differs', async () => {
    const run = async (seed: number) => {
      const s = await startSimulator({ seed, priceTickMs: null, now: t.clock.now, accounts: [{ address: master.address, usdc: 10_000 }] });
      try {
        const reply = await exchange(s.url, master, orderAction([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]), { nonce: t.clock.nonce() });
        const f = await info<{ oid: number; tid: number }[]>(s.url, { type: 'userFills', user: master.address });
        return { reply, oid: f[0]?.oid, tid: f[0]?.tid };
      } finally {
        await s.close();
      }
    };
    const a = await run(7);
    const b = await run(7);
    const c = await run(8);
    expect(a.oid).toBe(b.oid);
    expect(a.tid).toBe(b.tid);
    expect(a.tid).not.toBe(c.tid);
    expect(a.oid).not.toBe(c.oid);
  });

  it('given successive orders, then oids strictly increase', async () => {
    const [x] = await place(limit(0, true, '90000', '0.001'));
    const [y] = await place(limit(0, true, '90000', '0.001'));
    expect((y as { resting: { oid: number } }).resting.oid).toBeGreaterThan((x as { resting: { oid: number } }).resting.oid);
  });
});
