/** Fault injection: latency, 429, 5xx, timeout and dropAfterApply, with count/endpoint/actionType matching. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FaultQueue } from './faults.js';
import { exchange, info, limit, master, orderAction, post, signedBody, startTestSim, type TestSim } from './testing/harness.js';
import { heldSleep } from './testing/heldSleep.js';

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

const CLOID = '0x0000000000000000000000000000c10d';
const order = () => orderAction([limit(0, true, '98000', '0.01', { tif: 'Ioc', c: CLOID })]);

describe('fault kinds', () => {
  it('given latency on /info, when queried, then the answer is delayed but correct', async () => {
    const latency = heldSleep();
    const own = await startTestSim({ clock: t.clock, sleep: latency.sleep });
    try {
      own.sim.injectFault({ endpoint: 'info', kind: 'latency', ms: 250 });
      const events: string[] = [];
      const answer = info(own.sim.url, { type: 'allMids' }).finally(() => events.push('answered'));
      await vi.waitFor(() => expect(latency.asked).toEqual([250]));
      events.push('latency over');
      latency.release();
      expect(await answer).toMatchObject({ BTC: '97000.0' });
      expect(events).toEqual(['latency over', 'answered']);
    } finally {
      await own.sim.close();
    }
  });

  it('given http429 on /exchange, when an order is sent, then 429 and the same signed body later succeeds', async () => {
    t.sim.injectFault({ endpoint: 'exchange', kind: 'http429' });
    const body = await signedBody(master, order(), { nonce: t.clock.nonce() });
    const limited = await post(t.sim.url, '/exchange', body);
    expect(limited.status).toBe(429);
    expect(limited.contentType).toBe('application/json');
    expect(t.sim.stats().ordersAccepted).toBe(0);
    const firstArrival = t.clock.now();
    t.clock.advance(1_000);
    const retried = await post(t.sim.url, '/exchange', body);
    expect(retried.status).toBe(200);
    // The injected 429 is not the IP budget: it neither counts as rate-limited nor costs weight.
    expect(t.sim.stats()).toEqual({
      exchangeRequests: 2,
      ordersAccepted: 1,
      ordersByCloid: { [CLOID]: 1 },
      // The order reached the wire with the refused request, not the retry.
      firstOrderArrivalByCloid: { [CLOID]: firstArrival },
      requestsByType: { 'exchange order': 2 },
      rateLimited: 0,
      ipWeight: { '127.0.0.1': 1 },
      webSocket: { open: 0, opened: 0, framesSent: 0 },
    });
  });

  it('given http5xx, when an order is sent, then 502 and nothing is applied', async () => {
    t.sim.injectFault({ kind: 'http5xx' });
    const reply = await post(t.sim.url, '/exchange', await signedBody(master, order(), { nonce: t.clock.nonce() }));
    expect(reply.status).toBe(502);
    expect(await info(t.sim.url, { type: 'userFills', user: master.address })).toEqual([]);
  });

  it('given timeout, when the client gives up, then it sees a timeout and nothing was applied', async () => {
    t.sim.injectFault({ endpoint: 'exchange', kind: 'timeout' });
    const body = await signedBody(master, order(), { nonce: t.clock.nonce() });
    const call = fetch(`${t.sim.url}/exchange`, { method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(300) });
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(t.sim.stats().ordersAccepted).toBe(0);
    expect((await post(t.sim.url, '/exchange', body)).status).toBe(200);
  });

  it('given a request hanging on a timeout fault, when the simulator closes, then close() does not wait for it', async () => {
    const own = await startTestSim({ clock: t.clock });
    own.sim.injectFault({ endpoint: 'exchange', kind: 'timeout' });
    const hanging = fetch(`${own.sim.url}/exchange`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(own.sim.stats().exchangeRequests).toBe(1)); // it reached the simulator, which will never answer it
    // close() settles at all only because it does not wait for the request, which would hang forever.
    await own.sim.close();
    expect(await hanging).toBeInstanceOf(Error);
  });

  it('given dropAfterApply, when an order is sent, then the socket dies but the order exists (orderStatus by cloid) and the nonce is spent', async () => {
    t.sim.injectFault({ endpoint: 'exchange', kind: 'dropAfterApply', actionType: 'order' });
    const body = await signedBody(master, order(), { nonce: t.clock.nonce() });
    await expect(fetch(`${t.sim.url}/exchange`, { method: 'POST', body: JSON.stringify(body) })).rejects.toThrow();
    const status = await info<{ status: string; order: { status: string; order: { cloid: string } } }>(t.sim.url, {
      type: 'orderStatus',
      user: master.address,
      oid: CLOID,
    });
    expect(status.status).toBe('order');
    expect(status.order.status).toBe('filled');
    expect(status.order.order.cloid).toBe(CLOID);
    expect(t.sim.stats().ordersByCloid).toEqual({ [CLOID]: 1 });
    expect((await post(t.sim.url, '/exchange', body)).json).toEqual({
      status: 'err',
      response: `Invalid nonce: duplicate nonce ${(body as { nonce: number }).nonce}`,
    });
    expect(t.sim.stats().ordersByCloid).toEqual({ [CLOID]: 1 });
  });
});

describe('fault matching', () => {
  it('given count 2, then exactly two requests are affected', async () => {
    t.sim.injectFault({ endpoint: 'info', kind: 'http5xx', count: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await post(t.sim.url, '/info', { type: 'allMids' })).status);
    expect(statuses).toEqual([502, 502, 200]);
  });

  it('given an actionType filter, then other action types pass untouched', async () => {
    t.sim.injectFault({ endpoint: 'exchange', kind: 'http429', actionType: 'order' });
    expect(await exchange(t.sim.url, master, { type: 'noop' }, { nonce: t.clock.nonce() })).toEqual({ status: 'ok', response: { type: 'default' } });
    expect((await post(t.sim.url, '/exchange', await signedBody(master, order(), { nonce: t.clock.nonce() }))).status).toBe(429);
  });

  it('given an endpoint filter, then the other endpoint is not affected; clearFaults drops the rest', async () => {
    t.sim.injectFault({ endpoint: 'exchange', kind: 'http5xx', count: 5 });
    expect((await post(t.sim.url, '/info', { type: 'allMids' })).status).toBe(200);
    t.sim.clearFaults();
    expect((await post(t.sim.url, '/exchange', await signedBody(master, order(), { nonce: t.clock.nonce() }))).status).toBe(200);
  });

  it('given a malformed fault spec, then it is refused instead of silently injecting nothing', () => {
    const q = new FaultQueue();
    expect(() => q.add({ kind: 'explode' } as never)).toThrow();
    expect(q.size()).toBe(0);
  });
});
