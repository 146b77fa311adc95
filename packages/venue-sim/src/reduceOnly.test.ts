/** Reduce-only: rejected without a position, capped (never flips), exempt from the $10 minimum, resting ones kept consistent. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, startTestSim, statusesOf, type TestSim } from './testing/harness.js';

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

const place = async (...orders: Record<string, unknown>[]) => statusesOf(await exchange(t.sim.url, master, orderAction(orders), { nonce: t.clock.nonce() }));
const szi = async () => {
  const s = await info<{ assetPositions: { position: { szi: string } }[] }>(t.sim.url, { type: 'clearinghouseState', user: master.address });
  return s.assetPositions[0]?.position.szi ?? null;
};
const openOrders = () => info<{ oid: number; sz: string }[]>(t.sim.url, { type: 'openOrders', user: master.address });

describe('reduce-only', () => {
  it('given a long, when a reduce-only buy arrives (wrong side), then it is rejected', async () => {
    await place(limit(0, true, '98000', '0.001', { tif: 'Ioc' }));
    expect(await place(limit(0, true, '98000', '0.001', { tif: 'Ioc', r: true }))).toEqual([{ error: 'Reduce only order would increase position. asset=0' }]);
  });

  it('given a long of 0.001, when a reduce-only IOC sell of 0.003 arrives, then it fills 0.001 and the position is flat', async () => {
    await place(limit(0, true, '98000', '0.001', { tif: 'Ioc' }));
    expect(await place(limit(0, false, '96000', '0.003', { tif: 'Ioc', r: true }))).toEqual([
      { filled: { totalSz: '0.001', avgPx: '96980.0', oid: expect.any(Number) } },
    ]);
    expect(await szi()).toBeNull();
  });

  it('given a $19 long, when half ($9.7) is closed reduce-only, then the $10 minimum does not apply', async () => {
    await place(limit(0, true, '98000', '0.0002', { tif: 'Ioc' }));
    expect(await place(limit(0, false, '96000', '0.0001', { tif: 'Ioc', r: true }))).toEqual([{ filled: expect.any(Object) }]);
    expect(await szi()).toBe('0.0001');
  });

  it('given two resting reduce-only sells that together exceed the position, then the older one is cancelled', async () => {
    await place(limit(0, true, '98000', '0.001', { tif: 'Ioc' }));
    const [first] = await place(limit(0, false, '110000', '0.001', { r: true }));
    const [second] = await place(limit(0, false, '111000', '0.001', { r: true }));
    const firstOid = (first as { resting: { oid: number } }).resting.oid;
    expect((await openOrders()).map((o) => o.oid)).toEqual([(second as { resting: { oid: number } }).resting.oid]);
    const status = await info<{ order: { status: string } }>(t.sim.url, { type: 'orderStatus', user: master.address, oid: firstOid });
    expect(status.order.status).toBe('reduceOnlyCanceled');
  });

  it('given a resting reduce-only sell, when the position is closed by another order, then it ends reduceOnlyCanceled', async () => {
    await place(limit(0, true, '98000', '0.002', { tif: 'Ioc' }));
    const [resting] = await place(limit(0, false, '110000', '0.002', { r: true }));
    await place(limit(0, false, '96000', '0.001', { tif: 'Ioc' }));
    expect((await openOrders())[0]?.sz).toBe('0.001');
    await place(limit(0, false, '96000', '0.001', { tif: 'Ioc' }));
    expect(await openOrders()).toEqual([]);
    const oid = (resting as { resting: { oid: number } }).resting.oid;
    expect((await info<{ order: { status: string } }>(t.sim.url, { type: 'orderStatus', user: master.address, oid })).order.status).toBe('reduceOnlyCanceled');
  });

  it('given a reduce-only GTC larger than the position, when it rests, then its size is capped to the position', async () => {
    await place(limit(0, true, '98000', '0.001', { tif: 'Ioc' }));
    await place(limit(0, false, '110000', '0.005', { r: true }));
    expect((await openOrders())[0]?.sz).toBe('0.001');
    t.sim.setMarkPrice('BTC', 110000);
    expect(await szi()).toBeNull();
  });
});
