/** Thin synthetic books: a controllable depth per coin so an ordinary IOC fills in part. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, post, startTestSim, statusesOf, type TestSim } from './testing/harness.js';

let t: TestSim;
afterEach(async () => {
  await t.sim.close();
});

const marketBuy = async (sz: string) =>
  statusesOf(await exchange(t.sim.url, master, orderAction([limit(0, true, '101850', sz, { tif: 'Ioc' })]), { nonce: t.clock.nonce() }));
const asks = async () => (await info<{ levels: { px: string; sz: string }[][] }>(t.sim.url, { type: 'l2Book', coin: 'BTC' })).levels[1];

describe('thin books fill IOC orders in part (issue 39.5)', () => {
  beforeEach(async () => {
    t = await startTestSim();
  });

  it('given BTC thinned to one level of 0.004, when a market IOC buy of 0.01 arrives, then 40 % fills and the rest is cancelled', async () => {
    t.sim.setBookDepth({ coin: 'BTC', levelSz: 0.004, levels: 1 });

    const [status] = await marketBuy('0.01');

    expect(status).toEqual({ filled: { totalSz: '0.004', avgPx: '97020.0', oid: expect.any(Number) } });
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toEqual([]);
    const s = await info<{ assetPositions: { position: { szi: string } }[] }>(t.sim.url, { type: 'clearinghouseState', user: master.address });
    expect(s.assetPositions[0]?.position.szi).toBe('0.004');
  });

  it('given a thinned book, then l2Book shows that depth; when reset, the default book is back and the IOC fills whole', async () => {
    t.sim.setBookDepth({ coin: 'BTC', levelSz: 0.002, levels: 2 });
    expect(await asks()).toEqual([
      { px: '97020.0', sz: '0.002', n: 1 },
      { px: '97039.0', sz: '0.002', n: 1 },
    ]);

    t.sim.setBookDepth({ coin: 'BTC', levelSz: null });

    expect(await asks()).toHaveLength(5);
    expect(await marketBuy('0.01')).toEqual([{ filled: expect.objectContaining({ totalSz: '0.01' }) }]);
  });

  it('given POST /control/book-depth, then it thins the book; a size finer than a lot or an unknown coin is a 400', async () => {
    expect((await post(t.sim.url, '/control/book-depth', { coin: 'BTC', levelSz: 0.004, levels: 1 })).json).toEqual({ status: 'ok' });
    expect(await marketBuy('0.01')).toEqual([{ filled: expect.objectContaining({ totalSz: '0.004' }) }]);

    expect((await post(t.sim.url, '/control/book-depth', { coin: 'BTC', levelSz: 0.000001 })).status).toBe(400);
    expect((await post(t.sim.url, '/control/book-depth', { coin: 'NOPE', levelSz: 1 })).status).toBe(400);
    expect((await post(t.sim.url, '/control/book-depth', { coin: 'BTC', levelSz: 1, levels: 0 })).status).toBe(400);
  });
});

describe('thin books from the start (issue 39.5)', () => {
  it('given the books option, when the simulator starts, then the coin trades on that depth', async () => {
    t = await startTestSim({ books: [{ coin: 'BTC', levelSz: 0.003, levels: 1 }] });

    expect(await marketBuy('0.01')).toEqual([{ filled: expect.objectContaining({ totalSz: '0.003' }) }]);
  });
});
