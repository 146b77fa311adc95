import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldSleep } from '../../packages/venue-sim/src/testing/heldSleep.js';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { alignThenPlace } from './testing/alignThenPlace.js';
import { iocBuy } from './testing/iocBuy.js';
import { type SimHarness, startHarness } from './testing/simHarness.js';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ethBuy = (signal: string) => iocBuy('ETH', '0.01', cloidForSignal(signal));

const buy = (harness: SimHarness, signal: string) => harness.client.placeOrder(harness.signer, ethBuy(signal));

describe('injected faults', () => {
  it('given latency below the timeout, when an order is placed, then it fills normally', async () => {
    const latency = heldSleep();
    h = await startHarness({ sim: { sleep: latency.sleep } });
    h.sim.injectFault({ endpoint: 'exchange', kind: 'latency', ms: 400, actionType: 'order' });
    const events: string[] = [];
    const placing = buy(h, 'latency').finally(() => events.push('answered'));
    await vi.waitFor(() => expect(latency.asked).toEqual([400]), { timeout: 10_000 });
    events.push('latency over');
    latency.release();
    const result = await placing;
    expect(result.outcome.kind).toBe('filled');
    expect(events).toEqual(['latency over', 'answered']);
  });

  it('given two 429s, when an order is placed, then the client backs off, resends the same body and it fills once', async () => {
    const sleeps: number[] = [];
    h = await startHarness({ client: { sleep: async (ms) => void sleeps.push(ms), random: () => 0 } });
    h.sim.injectFault({ endpoint: 'exchange', kind: 'http429', count: 2, actionType: 'order' });
    const before = h.sim.stats().exchangeRequests;
    const result = await buy(h, 'throttled');
    expect(result.outcome.kind).toBe('filled');
    expect(sleeps).toEqual([125, 250]);
    expect(h.sim.stats().exchangeRequests - before).toBe(3);
    expect(h.sim.stats().ordersByCloid[cloidForSignal('throttled')]).toBe(1);
  });

  it('given 429 beyond the retry budget, when an order is placed, then transientError rateLimited and no order', async () => {
    h = await startHarness({ client: { sleep: async () => undefined } });
    h.sim.injectFault({ endpoint: 'exchange', kind: 'http429', count: 10, actionType: 'order' });
    const result = await buy(h, 'throttled-hard');
    expect(result.outcome).toMatchObject({ kind: 'transientError', transient: true, reason: 'rateLimited', httpStatus: 429 });
    expect(h.sim.stats().ordersByCloid[cloidForSignal('throttled-hard')]).toBeUndefined();
  });

  it('given a 5xx, when an order is placed, then transientError serverError and the order did not reach execution', async () => {
    h = await startHarness();
    h.sim.injectFault({ endpoint: 'exchange', kind: 'http5xx', actionType: 'order' });
    const result = await buy(h, 'bad-gateway');
    expect(result.outcome).toMatchObject({
      kind: 'transientError',
      transient: true,
      reason: 'serverError',
      httpStatus: 502,
      message: expect.stringContaining('Bad Gateway'),
    });
    expect(h.sim.stats().ordersByCloid[cloidForSignal('bad-gateway')]).toBeUndefined();
  });

  it('given a timeout, when an order is placed, then uncertain; reconcile finds nothing and only calls it final once the order expired', async () => {
    let offset = 0;
    h = await startHarness({ client: { timeoutMs: 500, orderExpiryMs: 30_000, now: () => Date.now() + offset } });
    h.sim.injectFault({ endpoint: 'exchange', kind: 'timeout', actionType: 'order' });
    const result = await buy(h, 'timeout');
    expect(result.outcome).toMatchObject({ kind: 'uncertain', transient: true, reason: 'timeout' });
    expect(result.expiresAfter).toBeGreaterThan(Date.now());
    const options = result.expiresAfter === undefined ? {} : { expiresAfter: result.expiresAfter };
    expect(await h.client.reconcileByCloid(h.signer, result.cloid, options)).toEqual({ kind: 'notFound', final: false });
    offset = 31_000;
    expect(await h.client.reconcileByCloid(h.signer, result.cloid, options)).toEqual({ kind: 'notFound', final: true });
  });

  it('given the connection dropped after the order was applied, when placed, then uncertain; reconcile finds the fill and no second order is sent', async () => {
    h = await startHarness();
    h.sim.injectFault({ endpoint: 'exchange', kind: 'dropAfterApply', actionType: 'order' });
    const cloid = cloidForSignal('dropped');
    const first = await buy(h, 'dropped');
    expect(first.outcome).toMatchObject({ kind: 'uncertain', reason: 'connectionDropped' });

    // What the executor does with an uncertain outcome: ask before sending again.
    const reconciled = await h.client.reconcileByCloid(h.signer, cloid);
    expect(reconciled).toMatchObject({ kind: 'found', status: 'filled', filledSize: 0.01, outcome: { kind: 'filled', filledSize: 0.01, avgPrice: null } });
    if (reconciled.kind !== 'found') await buy(h, 'dropped'); // would be the duplicate; must not happen
    expect(h.sim.stats().ordersByCloid[cloid]).toBe(1);
    expect((await h.client.getAccountSnapshot(h.signer)).positions).toMatchObject([{ coin: 'ETH', szi: 0.01 }]);
  });

  it('given 429 and 5xx on reads, when a snapshot is taken, then the reads are retried and succeed', async () => {
    h = await startHarness({ client: { sleep: async () => undefined } });
    h.sim.injectFault({ endpoint: 'info', kind: 'http429', actionType: 'clearinghouseState' });
    h.sim.injectFault({ endpoint: 'info', kind: 'http5xx', actionType: 'spotClearinghouseState' });
    const snapshot = await h.client.getAccountSnapshot(h.signer);
    expect(snapshot.balance.totalEquity).toBe(10_000);
  });

  it('given a 5xx on the leverage update, when an order is placed, then transientError and the order is not sent', async () => {
    h = await startHarness();
    h.sim.injectFault({ endpoint: 'exchange', kind: 'http5xx', actionType: 'updateLeverage' });
    const result = await alignThenPlace(h.client, h.signer, ethBuy('lev-5xx'), 3);
    expect(result.outcome).toMatchObject({ kind: 'transientError', reason: 'serverError' });
    expect(result.leverage.action).toBe('failed');
    expect(h.sim.stats().ordersByCloid[cloidForSignal('lev-5xx')]).toBeUndefined();
  });

  it('given a timeout on the leverage update, when an order is placed, then transientError saying the order was not sent', async () => {
    h = await startHarness({ client: { timeoutMs: 400 } });
    h.sim.injectFault({ endpoint: 'exchange', kind: 'timeout', actionType: 'updateLeverage' });
    const result = await alignThenPlace(h.client, h.signer, ethBuy('lev-timeout'), 3);
    expect(result.outcome).toMatchObject({ kind: 'transientError', reason: 'timeout', message: expect.stringContaining('the order was not sent') });
  });

  it('given the venue down, when a snapshot is read, then a HyperliquidReadError says it is transient', async () => {
    h = await startHarness({ client: { sleep: async () => undefined } });
    await h.sim.close();
    await expect(h.client.getAccountSnapshot(h.signer)).rejects.toMatchObject({
      name: 'HyperliquidReadError',
      outcome: { transient: true, reason: 'unreachable' },
    });
    const result = await buy(h, 'down');
    expect(result.outcome).toMatchObject({ kind: 'transientError', reason: 'unreachable' });
  });
});
