/** /info shapes: exact field names, Rust-style decimals, case-insensitive users, unknown ⇒ empty, 422 on nonsense. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, post, startTestSim, stranger, type TestSim } from './testing/harness.js';

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

const place = (...orders: Record<string, unknown>[]) => exchange(t.sim.url, master, orderAction(orders), { nonce: t.clock.nonce() });
const upper = (a: string) => `0x${a.slice(2).toUpperCase()}`;

describe('market data', () => {
  it('given the default universe, then meta lists it with szDecimals/maxLeverage/marginTableId', async () => {
    const meta = await info<{ universe: Record<string, unknown>[]; marginTables: unknown[]; collateralToken: number }>(t.sim.url, { type: 'meta' });
    expect(meta.universe.slice(0, 4)).toEqual([
      { name: 'BTC', szDecimals: 5, maxLeverage: 40, marginTableId: 40 },
      { name: 'ETH', szDecimals: 4, maxLeverage: 25, marginTableId: 25 },
      { name: 'SOL', szDecimals: 2, maxLeverage: 20, marginTableId: 20 },
      { name: 'kPEPE', szDecimals: 0, maxLeverage: 10, marginTableId: 10 },
    ]);
    expect(meta.universe.map((u) => u.szDecimals)).toEqual(expect.arrayContaining([0, 1, 2, 3, 4, 5]));
    expect(meta.marginTables).toContainEqual([40, { description: '', marginTiers: [{ lowerBound: '0.0', maxLeverage: 40 }] }]);
    expect(meta.collateralToken).toBe(0);
  });

  it('given metaAndAssetCtxs, then one ctx per asset with the venue keys as strings', async () => {
    const [meta, ctxs] = await info<[{ universe: unknown[] }, Record<string, unknown>[]]>(t.sim.url, { type: 'metaAndAssetCtxs' });
    expect(ctxs).toHaveLength(meta.universe.length);
    expect(Object.keys(ctxs[0] ?? {})).toEqual([
      'dayNtlVlm',
      'funding',
      'impactPxs',
      'markPx',
      'midPx',
      'openInterest',
      'oraclePx',
      'premium',
      'prevDayPx',
      'dayBaseVlm',
    ]);
    expect(ctxs[0]).toMatchObject({ markPx: '97000.0', midPx: '97000.0', oraclePx: '97000.0', impactPxs: ['96980.0', '97020.0'], openInterest: '0.0' });
  });

  it("given metaAndAssetCtxs, then each coin's hourly funding rate: the venue's baseline, or the one set (POST /control/funding too)", async () => {
    const fundingOf = async (coin: string) => {
      const [meta, ctxs] = await info<[{ universe: { name: string }[] }, { funding: string }[]]>(t.sim.url, { type: 'metaAndAssetCtxs' });
      return ctxs[meta.universe.findIndex((u) => u.name === coin)]?.funding;
    };
    expect(await fundingOf('ETH')).toBe('0.0000125');
    t.sim.setFundingRate('ETH', -0.0000325);
    expect(await fundingOf('ETH')).toBe('-0.0000325');
    expect((await post(t.sim.url, '/control/funding', { coin: 'BTC', rate: 0.0001 })).status).toBe(200);
    expect(await fundingOf('BTC')).toBe('0.0001');
    expect((await post(t.sim.url, '/control/funding', { coin: 'NOPE', rate: 0.0001 })).status).toBe(400);
  });

  it('given allMids, then a coin → decimal string map that follows setMarkPrice', async () => {
    expect(await info(t.sim.url, { type: 'allMids' })).toMatchObject({ BTC: '97000.0', ETH: '3500.0', kPEPE: '0.012' });
    t.sim.setMarkPrice('ETH', 3501.5);
    expect(await info(t.sim.url, { type: 'allMids' })).toMatchObject({ ETH: '3501.5' });
  });

  it('given l2Book, then 5 levels a side and a user resting order merged into its level', async () => {
    await place(limit(0, true, '96980', '0.5'));
    const book = await info<{ coin: string; levels: { px: string; sz: string; n: number }[][] }>(t.sim.url, { type: 'l2Book', coin: 'BTC' });
    const [bids, asks] = book.levels;
    expect(book.coin).toBe('BTC');
    expect(bids).toHaveLength(5);
    expect(asks).toHaveLength(5);
    expect(bids?.[0]).toMatchObject({ px: '96980.0', n: 2 });
    expect(asks?.[0]).toMatchObject({ px: '97020.0', n: 1 });
    expect(Number(bids?.[0]?.sz)).toBeCloseTo(100_000 / 96980 + 0.5, 4);
    expect(await info(t.sim.url, { type: 'l2Book', coin: 'NOPE' })).toBeNull();
  });
});

describe('user data', () => {
  it('given an uppercase address, then the same account is found', async () => {
    await place(limit(0, true, '90000', '0.001'));
    expect(await info(t.sim.url, { type: 'openOrders', user: upper(master.address) })).toHaveLength(1);
  });

  it('given an unknown user, then [] for order and fill lists', async () => {
    for (const type of ['openOrders', 'frontendOpenOrders', 'userFills']) {
      expect(await info(t.sim.url, { type, user: stranger.address })).toEqual([]);
    }
  });

  it('given an order, then orderStatus by oid and by cloid return the frontend view; unknown ⇒ unknownOid', async () => {
    const c = '0x000000000000000000000000000000ff';
    const reply = (await place(limit(0, true, '90000', '0.001', { c }))) as { response: { data: { statuses: { resting: { oid: number } }[] } } };
    const oid = reply.response.data.statuses[0]?.resting.oid;
    const expected = {
      status: 'order',
      order: {
        order: {
          coin: 'BTC',
          side: 'B',
          limitPx: '90000.0',
          sz: '0.001',
          oid,
          timestamp: t.clock.now(),
          triggerCondition: 'N/A',
          isTrigger: false,
          triggerPx: '0.0',
          children: [],
          isPositionTpsl: false,
          reduceOnly: false,
          orderType: 'Limit',
          origSz: '0.001',
          tif: 'Gtc',
          cloid: c,
        },
        status: 'open',
        statusTimestamp: t.clock.now(),
      },
    };
    expect(await info(t.sim.url, { type: 'orderStatus', user: master.address, oid })).toEqual(expected);
    expect(await info(t.sim.url, { type: 'orderStatus', user: master.address, oid: c })).toEqual(expected);
    expect(await info(t.sim.url, { type: 'orderStatus', user: master.address, oid: 1 })).toEqual({ status: 'unknownOid' });
    expect(await info(t.sim.url, { type: 'orderStatus', user: stranger.address, oid })).toEqual({ status: 'unknownOid' });
  });

  it('given a fill, then metaAndAssetCtxs reports traded volume and open interest', async () => {
    await place(limit(0, true, '98000', '0.01', { tif: 'Ioc' }));
    const [, ctxs] = await info<[unknown, Record<string, string>[]]>(t.sim.url, { type: 'metaAndAssetCtxs' });
    expect(ctxs[0]).toMatchObject({ dayNtlVlm: '970.2', dayBaseVlm: '0.01', openInterest: '0.01' });
  });

  it('given two orders with the same cloid, then orderStatus by cloid shows the newest', async () => {
    const c = '0x00000000000000000000000000000dd1';
    await place(limit(0, true, '90000', '0.001', { c }));
    const reply = (await place(limit(0, true, '91000', '0.001', { c }))) as { response: { data: { statuses: { resting: { oid: number } }[] } } };
    const status = await info<{ order: { order: { oid: number } } }>(t.sim.url, { type: 'orderStatus', user: master.address, oid: c });
    expect(status.order.order.oid).toBe(reply.response.data.statuses[0]?.resting.oid);
    expect(t.sim.stats().ordersByCloid[c]).toBe(2);
  });

  it('given several fills, then userFills is newest first', async () => {
    await place(limit(0, true, '98000', '0.001', { tif: 'Ioc' }));
    t.clock.advance(1000);
    await place(limit(0, true, '98000', '0.002', { tif: 'Ioc' }));
    const fills = await info<{ sz: string; time: number }[]>(t.sim.url, { type: 'userFills', user: master.address });
    expect(fills.map((f) => f.sz)).toEqual(['0.002', '0.001']);
    const byTime = await info<unknown[]>(t.sim.url, { type: 'userFillsByTime', user: master.address, startTime: t.clock.now() });
    expect(byTime).toHaveLength(1);
  });

  it('given any account, when userAbstraction is asked, then "default": the simulator margins from the perp clearinghouse (issue 28, point 2)', async () => {
    expect(await info(t.sim.url, { type: 'userAbstraction', user: master.address })).toBe('default');
    expect((await post(t.sim.url, '/info', { type: 'userAbstraction' })).status).toBe(422);
  });

  it('given actions, then userRateLimit counts one request per order', async () => {
    await place(limit(0, true, '90000', '0.001'), limit(0, true, '90000', '0.001'));
    expect(await info(t.sim.url, { type: 'userRateLimit', user: master.address })).toEqual({
      cumVlm: '0.0',
      nRequestsUsed: 2,
      nRequestsCap: 10000,
      nRequestsSurplus: 0,
    });
  });
});

describe('transport', () => {
  it('given any JSON reply, then Content-Type is application/json and CORS is open; preflight answers 204', async () => {
    const reply = await post(t.sim.url, '/info', { type: 'allMids' });
    expect(reply.contentType).toBe('application/json');
    const res = await fetch(`${t.sim.url}/info`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const get = await fetch(`${t.sim.url}/info`, { method: 'POST', body: '{"type":"meta"}' });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each([
    ['an unknown type', { type: 'everything' }],
    ['a user-scoped type without user', { type: 'clearinghouseState' }],
    ['a malformed address', { type: 'openOrders', user: '0x123' }],
    ['no type', { user: '0x0000000000000000000000000000000000000000' }],
  ])('given %s, then 422 text/plain', async (_label, body) => {
    const reply = await post(t.sim.url, '/info', body);
    expect(reply.status).toBe(422);
    expect(reply.text).toBe('Failed to deserialize the JSON body into the target type');
  });
});
