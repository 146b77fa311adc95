/** The HTTP control surface used when the simulator runs as its own process. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, other, post, startTestSim, trigger, type TestSim } from './testing/harness.js';

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

describe('/control', () => {
  it('given POST /control/seed, then the account exists with its balance and agent', async () => {
    expect(
      (await post(t.sim.url, '/control/seed', { address: other.address, usdc: 500, agents: [{ address: master.address.replace('14', '15'), name: 'x' }] }))
        .json,
    ).toEqual({
      status: 'ok',
    });
    const s = await info<{ marginSummary: { accountValue: string } }>(t.sim.url, { type: 'clearinghouseState', user: other.address });
    expect(s.marginSummary.accountValue).toBe('500.0');
    expect(await info(t.sim.url, { type: 'extraAgents', user: other.address })).toHaveLength(1);
  });

  it('given POST /control/mark, then mids move and crossed resting orders fill', async () => {
    await exchange(t.sim.url, master, orderAction([limit(0, true, '96000', '0.01')]), { nonce: t.clock.nonce() });
    expect((await post(t.sim.url, '/control/mark', { coin: 'BTC', px: 95000 })).status).toBe(200);
    expect(await info(t.sim.url, { type: 'allMids' })).toMatchObject({ BTC: '95000.0' });
    expect(await info(t.sim.url, { type: 'userFills', user: master.address })).toHaveLength(1);
  });

  it('given a long with a stop-loss, when POST /control/mark moves the mark through its trigger, then the stop fires and closes the position', async () => {
    await exchange(t.sim.url, master, orderAction([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]), { nonce: t.clock.nonce() });
    await exchange(t.sim.url, master, orderAction([trigger(0, false, '80000', '0.01', '90000', 'sl')]), { nonce: t.clock.nonce() });
    const position = async () =>
      (await info<{ assetPositions: { position: { szi: string } }[] }>(t.sim.url, { type: 'clearinghouseState', user: master.address })).assetPositions;

    expect((await post(t.sim.url, '/control/mark', { coin: 'BTC', px: 90500 })).status).toBe(200);
    expect(await position()).toHaveLength(1);
    expect((await post(t.sim.url, '/control/mark', { coin: 'BTC', px: 89900 })).status).toBe(200);

    expect(await position()).toEqual([]);
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toEqual([]);
    expect(await info(t.sim.url, { type: 'userFills', user: master.address })).toEqual([
      expect.objectContaining({ dir: 'Close Long', sz: '0.01' }),
      expect.objectContaining({ dir: 'Open Long', sz: '0.01' }),
    ]);
  });

  it('given POST /control/ip-weight, then the budget applies from then on, and null lifts it', async () => {
    // 60 allMids reads (2 each) = 120 weight used, then a budget of 100
    for (let i = 0; i < 60; i += 1) expect((await post(t.sim.url, '/info', { type: 'allMids' })).status).toBe(200);
    expect((await post(t.sim.url, '/control/ip-weight', { perMinute: 100 })).json).toEqual({ status: 'ok' });
    expect((await post(t.sim.url, '/info', { type: 'allMids' })).status).toBe(429);
    expect((await post(t.sim.url, '/control/ip-weight', { perMinute: null })).status).toBe(200);
    expect((await post(t.sim.url, '/info', { type: 'allMids' })).status).toBe(200);
    expect((await post(t.sim.url, '/control/ip-weight', { perMinute: 0 })).status).toBe(400);
  });

  it('given POST /control/fault then /control/clear-faults, then the fault applies only until cleared', async () => {
    await post(t.sim.url, '/control/fault', { endpoint: 'info', kind: 'http5xx', count: 3 });
    expect((await post(t.sim.url, '/info', { type: 'allMids' })).status).toBe(502);
    await post(t.sim.url, '/control/clear-faults', {});
    expect((await post(t.sim.url, '/info', { type: 'allMids' })).status).toBe(200);
  });

  it('given GET /control/stats, then the counters as JSON, with every request counted by endpoint and type; /control/totals the same without the per-order maps', async () => {
    await post(t.sim.url, '/info', { type: 'allMids' });
    await exchange(t.sim.url, master, orderAction([limit(0, true, '96000', '0.01', { c: '0x0000000000000000000000000000000c' })]), { nonce: t.clock.nonce() });
    const res = await fetch(`${t.sim.url}/control/stats`);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({
      exchangeRequests: 1,
      ordersAccepted: 1,
      ordersByCloid: { '0x0000000000000000000000000000000c': 1 },
      firstOrderArrivalByCloid: { '0x0000000000000000000000000000000c': t.clock.now() },
      requestsByType: { 'info allMids': 1, 'exchange order': 1 },
      rateLimited: 0,
      ipWeight: { '127.0.0.1': 3 },
      webSocket: { open: 0, opened: 0, framesSent: 0 },
    });
    // The same counters without the per-order maps, which grow with every order.
    expect(await (await fetch(`${t.sim.url}/control/totals`)).json()).toEqual({
      exchangeRequests: 1,
      ordersAccepted: 1,
      requestsByType: { 'info allMids': 1, 'exchange order': 1 },
      rateLimited: 0,
      ipWeight: { '127.0.0.1': 3 },
      webSocket: { open: 0, opened: 0, framesSent: 0 },
    });
  });

  it.each([
    ['/control/seed', { address: 'nope', usdc: 1 }],
    ['/control/mark', { coin: 'NOPE', px: 1 }],
    ['/control/mark', { coin: 'BTC', px: -1 }],
    ['/control/fault', { kind: 'explode' }],
  ])('given a bad body on %s, then 400 with an error', async (path, body) => {
    const reply = await post(t.sim.url, path, body);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'err', error: expect.any(String) });
  });

  it('given an unknown path, then 404', async () => {
    expect((await post(t.sim.url, '/control/explode', {})).status).toBe(404);
    expect((await post(t.sim.url, '/nothing', {})).status).toBe(404);
  });
});
