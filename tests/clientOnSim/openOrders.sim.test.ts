import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloidForSignal, HyperliquidReadError } from '@hyperhook/hyperliquid';
import { orderPlanOnSim } from './testing/planOnSim.js';
import { ADDRESSES, type SimHarness, startHarness } from './testing/simHarness.js';

let h: SimHarness;
beforeEach(async () => {
  // Reads retry a 5xx with backoff; the failing-read test need not wait it out.
  h = await startHarness({ client: { sleep: async () => undefined } });
});
afterEach(async () => {
  await h.close();
});

describe('listing open orders against the simulator (issue 39.3)', () => {
  it('given a resting limit entry with TP and SL, when listed, then the entry is a plain limit carrying its two waiting children as triggers', async () => {
    const plan = await orderPlanOnSim(
      h,
      { coin: 'BTC', action: 'buy', orderType: 'limit', price: 95_000, size: 95, takeProfit: 100_000, stopLoss: 90_000 },
      cloidForSignal('limit-bracket'),
    );
    await h.client.placeOrder(h.signer, plan);

    const [entry, ...others] = await h.client.getOpenOrders(h.signer);

    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      coin: 'BTC',
      cloid: plan.cloid,
      side: 'buy',
      limitPx: 95_000,
      size: 0.001,
      isTrigger: false,
      reduceOnly: false,
      isPositionTpsl: false,
    });
    expect(entry).not.toHaveProperty('triggerPx');
    expect(entry).not.toHaveProperty('tpsl');
    expect(entry?.children).toEqual([
      expect.objectContaining({ tpsl: 'tp', triggerPx: 100_000, isTrigger: true, reduceOnly: true, side: 'sell', size: 0.001 }),
      expect.objectContaining({ tpsl: 'sl', triggerPx: 90_000, isTrigger: true, reduceOnly: true, side: 'sell', size: 0.001 }),
    ]);
  });

  it('given another account with no orders, when its open orders are read, then an empty list', async () => {
    expect(await h.client.getOpenOrders({ accountAddress: ADDRESSES.otherMaster, isTestnet: true }, { priority: 'interactive' })).toEqual([]);
  });

  it('given the venue fails the read, when the open orders are read, then a HyperliquidReadError', async () => {
    h.sim.injectFault({ endpoint: 'info', kind: 'http5xx', actionType: 'frontendOpenOrders', count: 5 });

    await expect(h.client.getOpenOrders(h.signer)).rejects.toBeInstanceOf(HyperliquidReadError);
  });
});
