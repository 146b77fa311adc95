/**
 * `modify` and `batchModify` (docs/research/hyperliquid-modify.md): cancel then place, a new oid per
 * modified order, the new order checked like any other, and the rules of `always_place`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, post, signedBody, startTestSim, statusesOf, trigger, type TestSim } from './testing/harness.js';

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

const CLOID = '0x000000000000000000000000000000c1';
const DEAD = 'Cannot modify canceled or filled order';

const send = (action: Record<string, unknown>) => exchange(t.sim.url, master, action, { nonce: t.clock.nonce() });
const place = async (orders: Record<string, unknown>[], grouping = 'na') => statusesOf(await send(orderAction(orders, grouping)));
const batchModify = async (modifies: { oid: number | string; order: Record<string, unknown> }[], extra: { a?: boolean } = {}) =>
  statusesOf(await send({ type: 'batchModify', modifies, ...extra }));
const oidOf = (status: unknown) => (status as { resting: { oid: number } }).resting.oid;
const statusOf = async (oid: number | string) =>
  (await info<{ order: { status: string; order: { oid: number } } }>(t.sim.url, { type: 'orderStatus', user: master.address, oid })).order;
type Listed = { oid: number; limitPx: string; sz: string; cloid: string | null; tif: string | null; isTrigger: boolean; triggerPx: string };
const listed = () => info<Listed[]>(t.sim.url, { type: 'frontendOpenOrders', user: master.address });
const szi = async () => {
  const s = await info<{ assetPositions: { position: { szi: string } }[] }>(t.sim.url, { type: 'clearinghouseState', user: master.address });
  return s.assetPositions[0]?.position.szi ?? null;
};

/** A resting BTC buy of 0.001 at 90000 with {@link CLOID}; its oid. */
const restingBuy = async () => oidOf((await place([limit(0, true, '90000', '0.001', { c: CLOID })]))[0]);

describe('batchModify of a resting order', () => {
  it('given a resting GTC buy, when modified by oid to another price and size with its cloid, then it rests with a new oid and the old oid is cancelled', async () => {
    const oid = await restingBuy();

    const statuses = await batchModify([{ oid, order: limit(0, true, '91000', '0.002', { c: CLOID }) }]);

    expect(statuses).toEqual([{ resting: { oid: expect.any(Number), cloid: CLOID } }]);
    const newOid = oidOf(statuses[0]);
    expect(newOid).not.toBe(oid);
    expect((await statusOf(oid)).status).toBe('canceled');
    expect(await statusOf(CLOID)).toMatchObject({ status: 'open', order: { oid: newOid } });
    // Without always_place the venue places the new order as ALO.
    expect(await listed()).toEqual([expect.objectContaining({ oid: newOid, limitPx: '91000.0', sz: '0.002', cloid: CLOID, tif: 'Alo' })]);
  });

  it('given a resting order, when modified by its cloid (posted uppercase, signed lowercase), then it is replaced', async () => {
    const oid = await restingBuy();
    const action = { type: 'batchModify', modifies: [{ oid: CLOID, order: limit(0, true, '89000', '0.001', { c: CLOID }) }] };
    const body = await signedBody(master, action, { nonce: t.clock.nonce() });
    const posted = { ...body, action: { ...action, modifies: [{ oid: CLOID.toUpperCase().replace('0X', '0x'), order: action.modifies[0]?.order }] } };

    const statuses = statusesOf((await post(t.sim.url, '/exchange', posted)).json);

    expect(statuses).toEqual([{ resting: { oid: expect.any(Number), cloid: CLOID } }]);
    expect((await statusOf(oid)).status).toBe('canceled');
    expect((await listed()).map((o) => o.limitPx)).toEqual(['89000.0']);
  });

  it('given a replacement without a cloid, when placed, then the new order has none', async () => {
    await restingBuy();

    expect(await batchModify([{ oid: CLOID, order: limit(0, true, '89000', '0.001') }])).toEqual([{ resting: { oid: expect.any(Number) } }]);
    expect((await listed()).map((o) => o.cloid)).toEqual([null]);
  });

  it.each([
    [
      'a GTC that would cross (placed as ALO)',
      limit(0, true, '97100', '0.001'),
      'Post only order would have immediately matched, bbo was 96980@97020. asset=0',
    ],
    ['a price off the tick', limit(0, true, '90000.5', '0.001'), 'Price must be divisible by tick size. asset=0'],
    ['a value under $10', limit(0, true, '90000', '0.0001'), 'Order must have minimum value of $10.'],
    ['a reduce-only buy with no position', limit(0, true, '90000', '0.001', { r: true }), 'Reduce only order would increase position. asset=0'],
  ])('given a resting order, when modified into %s, then the old order is cancelled and the new one refused', async (_label, order, error) => {
    const oid = await restingBuy();

    expect(await batchModify([{ oid, order }])).toEqual([{ error: `Error placing new order during modify: ${error}` }]);
    expect((await statusOf(oid)).status).toBe('canceled');
    expect(await listed()).toEqual([]);
    expect(await szi()).toBeNull();
  });

  it('given two modifies, one of a live order and one of an unknown oid, then each gets its own status', async () => {
    const oid = await restingBuy();

    expect(
      await batchModify([
        { oid: 123, order: limit(0, true, '90000', '0.001') },
        { oid, order: limit(0, true, '88000', '0.001') },
      ]),
    ).toEqual([{ error: DEAD }, { resting: { oid: expect.any(Number) } }]);
  });
});

describe('modifying what is not live', () => {
  it.each([
    ['an unknown oid', () => Promise.resolve(987_654)],
    ['an unknown cloid', () => Promise.resolve('0x000000000000000000000000000000ff')],
    [
      'a cancelled order',
      async () => {
        const oid = await restingBuy();
        await send({ type: 'cancel', cancels: [{ a: 0, o: oid }] });
        return oid;
      },
    ],
    ['a filled order', async () => ((await place([limit(0, true, '98000', '0.001', { tif: 'Ioc' })]))[0] as { filled: { oid: number } }).filled.oid],
    ['an order on another asset than the new one', async () => restingBuy()],
  ])('given %s, when modified, then "Cannot modify canceled or filled order" and nothing is placed', async (_label, target) => {
    const oid = await target();
    const before = await listed();

    expect(await batchModify([{ oid, order: limit(1, true, '3000', '0.01') }])).toEqual([{ error: DEAD }]);
    expect(await listed()).toEqual(before);
  });

  it('given a modify (not batchModify) of an unknown oid, then the error is top-level', async () => {
    expect(await send({ type: 'modify', oid: 987_654, order: limit(0, true, '90000', '0.001') })).toEqual({ status: 'err', response: DEAD });
  });
});

describe('modify (one order)', () => {
  it('given a resting order, when modified by cloid, then "default" and the order rests at the new price with a new oid', async () => {
    const oid = await restingBuy();

    expect(await send({ type: 'modify', oid: CLOID, order: limit(0, true, '92000', '0.001', { c: CLOID }) })).toEqual({
      status: 'ok',
      response: { type: 'default' },
    });
    const [order] = await listed();
    expect(order).toMatchObject({ limitPx: '92000.0', cloid: CLOID });
    expect(order?.oid).not.toBe(oid);
  });

  it('given a replacement the venue refuses, then the error is top-level and the old order is gone', async () => {
    const oid = await restingBuy();

    expect(await send({ type: 'modify', oid, order: limit(0, true, '97100', '0.001') })).toEqual({
      status: 'err',
      response: 'Error placing new order during modify: Post only order would have immediately matched, bbo was 96980@97020. asset=0',
    });
    expect(await listed()).toEqual([]);
  });
});

describe('always_place', () => {
  const longWithStop = async () => {
    await place([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]);
    return oidOf((await place([trigger(0, false, '80000', '0.01', '90000', 'sl')]))[0]);
  };

  it('given a stop-loss waiting for its price, when modified without always_place, then "Cannot modify canceled or filled order" and the stop stays', async () => {
    const oid = await longWithStop();

    expect(await batchModify([{ oid, order: trigger(0, false, '83000', '0.01', '92000', 'sl') }])).toEqual([{ error: DEAD }]);
    expect((await statusOf(oid)).status).toBe('open');
  });

  it('given a stop-loss, when modified with a:true to a higher trigger, then it rests with a new oid and fires at the new trigger price only', async () => {
    const oid = await longWithStop();

    const statuses = await batchModify([{ oid, order: trigger(0, false, '83000', '0.01', '92000', 'sl') }], { a: true });

    expect(statuses).toEqual([{ resting: { oid: expect.any(Number) } }]);
    expect((await statusOf(oid)).status).toBe('canceled');
    expect(await listed()).toEqual([expect.objectContaining({ oid: oidOf(statuses[0]), isTrigger: true, triggerPx: '92000.0' })]);
    t.sim.setMarkPrice('BTC', 92500);
    expect(await szi()).toBe('0.01');
    t.sim.setMarkPrice('BTC', 91900);
    expect(await szi()).toBeNull();
  });

  it.each([
    ['a trigger', limit(0, true, '90000', '0.001'), trigger(0, false, '83000', '0.001', '92000', 'sl')],
    ['an IOC', limit(0, true, '90000', '0.001'), limit(0, true, '98000', '0.001', { tif: 'Ioc' })],
  ])('given a resting order, when modified into %s without always_place, then refused and the order stays', async (_label, first, order) => {
    const oid = oidOf((await place([first]))[0]);

    expect(await batchModify([{ oid, order }])).toEqual([{ error: 'Modify without always_place must place a non-trigger order with TIF Alo or Gtc.' }]);
    expect((await statusOf(oid)).status).toBe('open');
  });

  it('given a:true and an unknown oid, then the new order is placed all the same', async () => {
    expect(await batchModify([{ oid: 987_654, order: limit(0, true, '90000', '0.001') }], { a: true })).toEqual([{ resting: { oid: expect.any(Number) } }]);
    expect(await listed()).toHaveLength(1);
  });

  it('given a:true and a GTC that crosses, then it is placed as sent and fills', async () => {
    const oid = await restingBuy();

    expect(await batchModify([{ oid, order: limit(0, true, '98000', '0.001') }], { a: true })).toEqual([
      { filled: { totalSz: '0.001', avgPx: '97020.0', oid: expect.any(Number) } },
    ]);
    expect(await szi()).toBe('0.001');
  });

  it('given a modify signed with a:false, when posted, then the signer does not match (a false flag is never hashed)', async () => {
    const oid = await restingBuy();

    const reply = (await send({ type: 'modify', oid, order: limit(0, true, '91000', '0.001'), a: false })) as { status: string; response: string };

    expect(reply.response).toMatch(/^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/);
    expect((await statusOf(oid)).status).toBe('open');
  });
});

describe('batch checks and request budget', () => {
  it('given no modifies, then "Orders are empty" and the nonce stays usable', async () => {
    const nonce = t.clock.nonce();

    expect(await exchange(t.sim.url, master, { type: 'batchModify', modifies: [] }, { nonce })).toEqual({ status: 'err', response: 'Orders are empty' });
    expect(statusesOf(await exchange(t.sim.url, master, orderAction([limit(0, true, '90000', '0.001')]), { nonce }))).toHaveLength(1);
  });

  it('given a trigger that is not reduce-only, then the whole action is refused', async () => {
    const oid = await restingBuy();

    expect(await send({ type: 'batchModify', modifies: [{ oid, order: trigger(0, false, '80000', '0.001', '85000', 'sl', true, false) }], a: true })).toEqual({
      status: 'err',
      response: 'Trigger order is not reduce only.',
    });
    expect((await statusOf(oid)).status).toBe('open');
  });

  it('given a batch of three modifies, then it costs the address three requests', async () => {
    const used = async () => (await info<{ nRequestsUsed: number }>(t.sim.url, { type: 'userRateLimit', user: master.address })).nRequestsUsed;
    const oid = await restingBuy();
    const before = await used();

    await batchModify([
      { oid, order: limit(0, true, '89000', '0.001') },
      { oid: 1, order: limit(0, true, '89000', '0.001') },
      { oid: 2, order: limit(0, true, '89000', '0.001') },
    ]);

    expect((await used()) - before).toBe(3);
  });
});
