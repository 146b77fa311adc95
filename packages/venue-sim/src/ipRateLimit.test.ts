/** The per-IP weight budget enforced on /info and /exchange like the venue: 429, nothing applied, nonce kept. */
import { afterEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, post, signedBody, startTestSim, statusesOf, type TestSim } from './testing/harness.js';
import type { SimulatorOptions } from './types.js';

const IP = '127.0.0.1';
let t: TestSim | undefined;
afterEach(async () => {
  await t?.sim.close();
  t = undefined;
});
const start = async (opts: SimulatorOptions = {}): Promise<TestSim> => {
  t = await startTestSim(opts);
  return t;
};

describe('IP weight budget', () => {
  it('given the default budget, when userRole (weight 60) is asked 21 times in a minute, then the 21st gets 429', async () => {
    const { sim } = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await post(sim.url, '/info', { type: 'userRole', user: master.address })).status);
    expect(statuses).toEqual([...new Array(20).fill(200), 429]);
    expect(sim.stats()).toMatchObject({ rateLimited: 1, ipWeight: { [IP]: 1200 } });
  });

  it('given a request over budget, then the reply is the same as an injected 429', async () => {
    const { sim } = await start({ ipWeightPerMinute: 2 });
    await post(sim.url, '/info', { type: 'allMids' });
    const limited = await post(sim.url, '/info', { type: 'allMids' });
    sim.injectFault({ kind: 'http429' });
    const injected = await post(sim.url, '/info', { type: 'allMids' });
    expect(limited).toEqual(injected);
    expect(limited.status).toBe(429);
    expect(sim.stats().rateLimited).toBe(1);
  });

  it('given an order refused by the budget, then nothing is applied and the same signed body succeeds once the window frees up', async () => {
    const { sim, clock } = await start({ ipWeightPerMinute: 20 });
    await post(sim.url, '/info', { type: 'meta' }); // 20: the budget is spent
    const body = await signedBody(master, orderAction([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]), { nonce: clock.nonce() });
    expect((await post(sim.url, '/exchange', body)).status).toBe(429);
    expect(sim.stats()).toMatchObject({ exchangeRequests: 1, ordersAccepted: 0, rateLimited: 1, ipWeight: { [IP]: 20 } });

    clock.advance(60_000);
    const retried = await post(sim.url, '/exchange', body);
    expect(retried.status).toBe(200);
    expect(statusesOf(retried.json)).toEqual([{ filled: expect.objectContaining({ totalSz: '0.01' }) }]);
    expect(sim.stats()).toMatchObject({ ordersAccepted: 1, ipWeight: { [IP]: 1 } });
  });

  it('given an /exchange batch of 40 orders, then it costs 2', async () => {
    const { sim, clock } = await start({ ipWeightPerMinute: null });
    const forty = Array.from({ length: 40 }, () => limit(0, true, '90000', '0.001'));
    await exchange(sim.url, master, orderAction(forty), { nonce: clock.nonce() });
    expect(sim.stats().ipWeight).toEqual({ [IP]: 2 });
  });

  it('given userFills returning 20 fills, then 1 more is charged after the answer, taking the next request over budget', async () => {
    // 1 (order batch) + 20 (userFills) + 2 (allMids) = 23 fits only if the 20 fills cost nothing extra.
    const { sim, clock } = await start({ ipWeightPerMinute: 23 });
    const twenty = Array.from({ length: 20 }, () => limit(0, true, '98000', '0.001', { tif: 'Ioc' }));
    await exchange(sim.url, master, orderAction(twenty), { nonce: clock.nonce() });
    const fills = await post(sim.url, '/info', { type: 'userFills', user: master.address });
    expect(fills.status).toBe(200);
    expect(fills.json).toHaveLength(20);
    expect(sim.stats().ipWeight).toEqual({ [IP]: 22 });
    expect((await post(sim.url, '/info', { type: 'allMids' })).status).toBe(429);
  });

  it('given the limit off, then nothing is refused and the usage is still reported', async () => {
    const { sim } = await start({ ipWeightPerMinute: null });
    for (let i = 0; i < 25; i += 1) expect((await post(sim.url, '/info', { type: 'userRole', user: master.address })).status).toBe(200);
    expect(sim.stats()).toMatchObject({ rateLimited: 0, ipWeight: { [IP]: 1500 } });
  });

  it('given an invalid limit, then the simulator refuses to start', async () => {
    await expect(start({ ipWeightPerMinute: 0 })).rejects.toThrow('ipWeightPerMinute');
    await expect(start({ ipWeightPerMinute: 1.5 })).rejects.toThrow('ipWeightPerMinute');
  });

  it('given time passes on the injected clock, then the weight used leaves the window', async () => {
    const { sim, clock } = await start();
    await info(sim.url, { type: 'allMids' });
    clock.advance(30_000);
    await info(sim.url, { type: 'meta' });
    expect(sim.stats().ipWeight).toEqual({ [IP]: 22 });
    clock.advance(30_000);
    expect(sim.stats().ipWeight).toEqual({ [IP]: 20 });
  });
});
