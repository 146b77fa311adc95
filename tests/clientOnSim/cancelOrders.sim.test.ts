import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloidForSignal, type SignerRef } from '@hyperhook/hyperliquid';
import { iocBuy } from './testing/iocBuy.js';
import { protectiveOrder } from './testing/protectiveOrder.js';
import { ADDRESSES, type SimHarness, startHarness } from './testing/simHarness.js';

const SUB = '0x1d9470d4b963f552e6f671a81619d395877bf409';
const GONE = 'Order was never placed, already canceled, or filled.';

let h: SimHarness;
let sub: SignerRef;
beforeEach(async () => {
  h = await startHarness({ sim: { subAccounts: [{ master: ADDRESSES.master, address: SUB, name: 'desk-a', usdc: 2_000 }] } });
  sub = { ...h.signer, accountAddress: SUB, vaultAddress: SUB };
});
afterEach(async () => {
  await h.close();
});

/** Opens a long of 0.1 ETH for `who`, then protects it with a stop at 3300 and a take-profit at 3800. */
async function protectedLong(who: SignerRef, prefix = '') {
  await h.client.placeOrder(who, iocBuy('ETH', '0.1', cloidForSignal(`${prefix}open`)));
  const stop = await protectiveOrder(h, { coin: 'ETH', kind: 'sl', isBuy: false, triggerPx: '3300', size: '0.1' }, `${prefix}stop`);
  const takeProfit = await protectiveOrder(h, { coin: 'ETH', kind: 'tp', isBuy: false, triggerPx: '3800', size: '0.1' }, `${prefix}tp`);
  const placed = await h.client.placeTriggerOrders(who, [stop, takeProfit]);
  const oids = placed.orders.map((order) => (order.status === 'resting' ? order.oid : Number.NaN));
  return { stop: { cloid: stop.cloid, oid: oids[0] as number }, takeProfit: { cloid: takeProfit.cloid, oid: oids[1] as number } };
}

describe('cancelling protective orders against the simulator (issue 39.3)', () => {
  it('given a resting stop, when cancelled by oid, then it is cancelled and no longer listed; cancelling it again answers "gone"', async () => {
    const { stop, takeProfit } = await protectedLong(h.signer);

    const first = await h.client.cancelOrders(h.signer, [{ coin: 'ETH', oid: stop.oid }]);
    expect(first).toEqual({ outcome: { kind: 'ok' }, cancels: [{ coin: 'ETH', oid: stop.oid, status: 'cancelled' }] });
    expect((await h.client.getOpenOrders(h.signer)).map((o) => o.oid)).toEqual([takeProfit.oid]);

    const again = await h.client.cancelOrders(h.signer, [{ coin: 'ETH', oid: stop.oid }]);
    expect(again).toEqual({ outcome: { kind: 'ok' }, cancels: [{ coin: 'ETH', oid: stop.oid, status: 'gone', message: GONE }] });
  });

  it('given a stop and a take-profit, when both are cancelled by cloid, then none is listed; cancelling them again answers "gone" for each', async () => {
    const { stop, takeProfit } = await protectedLong(h.signer);
    const cancels = [
      { coin: 'ETH', cloid: stop.cloid },
      { coin: 'ETH', cloid: takeProfit.cloid },
    ];

    const first = await h.client.cancelByCloid(h.signer, cancels);
    expect(first.outcome).toEqual({ kind: 'ok' });
    expect(first.cancels.map((c) => c.status)).toEqual(['cancelled', 'cancelled']);
    expect(await h.client.getOpenOrders(h.signer)).toEqual([]);

    const again = await h.client.cancelByCloid(h.signer, cancels);
    expect(again.cancels).toEqual([
      { coin: 'ETH', cloid: stop.cloid, status: 'gone', message: GONE },
      { coin: 'ETH', cloid: takeProfit.cloid, status: 'gone', message: GONE },
    ]);
  });

  it('given one live and one unknown oid in one action, when cancelled, then each gets its own status', async () => {
    const { stop } = await protectedLong(h.signer);

    const result = await h.client.cancelOrders(h.signer, [
      { coin: 'ETH', oid: 999_999 },
      { coin: 'ETH', oid: stop.oid },
    ]);

    expect(result.cancels.map((c) => c.status)).toEqual(['gone', 'cancelled']);
  });

  it('given the position closed, when its stop and take-profit are cancelled, then both answer "gone" (the venue already cancelled them)', async () => {
    const { stop, takeProfit } = await protectedLong(h.signer);
    await h.client.placeOrder(h.signer, {
      coin: 'ETH',
      isBuy: false,
      price: '3465',
      size: '0.1',
      reduceOnly: true,
      tif: 'Ioc',
      cloid: cloidForSignal('close'),
    });

    const result = await h.client.cancelOrders(h.signer, [
      { coin: 'ETH', oid: stop.oid },
      { coin: 'ETH', oid: takeProfit.oid },
    ]);

    expect(result.cancels.map((c) => c.status)).toEqual(['gone', 'gone']);
  });

  it('given a sub-account\'s stop, when the master cancels it without vaultAddress, then "gone"; with vaultAddress, then cancelled', async () => {
    const { stop } = await protectedLong(sub, 'sub-');

    expect((await h.client.cancelByCloid(h.signer, [{ coin: 'ETH', cloid: stop.cloid }])).cancels).toMatchObject([{ status: 'gone' }]);
    expect((await h.client.cancelByCloid(sub, [{ coin: 'ETH', cloid: stop.cloid }])).cancels).toMatchObject([{ status: 'cancelled' }]);
    expect((await h.client.getOpenOrders(sub)).map((o) => o.tpsl)).toEqual(['tp']);
  });

  it('given a cloid that is not one, or an unknown coin, when cancelled, then refused before signing and nothing is sent', async () => {
    const before = h.sim.stats().exchangeRequests;

    expect((await h.client.cancelByCloid(h.signer, [{ coin: 'ETH', cloid: '0xABC' }])).outcome).toMatchObject({
      kind: 'rejected',
      reason: 'invalidOrder',
      stage: 'client',
    });
    expect((await h.client.cancelOrders(h.signer, [{ coin: 'NOPE', oid: 1 }])).outcome).toMatchObject({ kind: 'rejected', reason: 'unknownCoin' });
    expect(h.sim.stats().exchangeRequests).toBe(before);
  });
});
