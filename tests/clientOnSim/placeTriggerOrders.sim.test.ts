import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloidForSignal, type SignerRef } from '@hyperhook/hyperliquid';
import { iocBuy } from './testing/iocBuy.js';
import { protectiveOrder } from './testing/protectiveOrder.js';
import { ADDRESSES, type SimHarness, startHarness } from './testing/simHarness.js';

const SUB = '0x1d9470d4b963f552e6f671a81619d395877bf409';

let h: SimHarness;
let sub: SignerRef;
beforeEach(async () => {
  h = await startHarness({ sim: { subAccounts: [{ master: ADDRESSES.master, address: SUB, name: 'desk-a', usdc: 2_000 }] } });
  sub = { ...h.signer, accountAddress: SUB, vaultAddress: SUB };
});
afterEach(async () => {
  await h.close();
});

/** Opens a long of `size` ETH for `who` at the simulator's mark (3500). */
async function openLong(who: SignerRef, size: string, signal: string) {
  expect((await h.client.placeOrder(who, iocBuy('ETH', size, cloidForSignal(signal)))).outcome).toMatchObject({ kind: 'filled', partial: false });
}

const sellStop = (size: string, signal: string, triggerPx = '3300') => protectiveOrder(h, { coin: 'ETH', kind: 'sl', isBuy: false, triggerPx, size }, signal);
const sellTakeProfit = (size: string, signal: string) => protectiveOrder(h, { coin: 'ETH', kind: 'tp', isBuy: false, triggerPx: '3800', size }, signal);

describe('placing standalone protective trigger orders against the simulator (issue 39.3)', () => {
  it('given an open long, when a stop and a take-profit are placed, then both rest with oids and getOpenOrders lists them as triggers with their trigger price and size', async () => {
    await openLong(h.signer, '0.1', 'open');
    const stop = await sellStop('0.1', 'stop');
    const takeProfit = await sellTakeProfit('0.1', 'tp');

    const result = await h.client.placeTriggerOrders(h.signer, [stop, takeProfit]);

    expect(result.outcome).toEqual({ kind: 'ok' });
    expect(result.orders).toEqual([
      { cloid: stop.cloid, kind: 'sl', status: 'resting', oid: expect.any(Number) },
      { cloid: takeProfit.cloid, kind: 'tp', status: 'resting', oid: expect.any(Number) },
    ]);
    expect(result.expiresAfter).toEqual(expect.any(Number));
    const listed = await h.client.getOpenOrders(h.signer);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          cloid: stop.cloid,
          coin: 'ETH',
          side: 'sell',
          isTrigger: true,
          tpsl: 'sl',
          triggerPx: 3300,
          limitPx: 2970,
          size: 0.1,
          reduceOnly: true,
          isPositionTpsl: false,
        }),
        expect.objectContaining({
          cloid: takeProfit.cloid,
          coin: 'ETH',
          side: 'sell',
          isTrigger: true,
          tpsl: 'tp',
          triggerPx: 3800,
          limitPx: 3420,
          size: 0.1,
          reduceOnly: true,
        }),
      ]),
    );
  });

  it("given no position, when a reduce-only stop is placed, then the action is ok and the order comes back rejected with the venue's words", async () => {
    const result = await h.client.placeTriggerOrders(h.signer, [await sellStop('0.1', 'no-position')]);

    expect(result.outcome).toEqual({ kind: 'ok' });
    expect(result.orders).toEqual([
      {
        cloid: cloidForSignal('no-position'),
        kind: 'sl',
        status: 'rejected',
        reason: 'reduceOnly',
        message: 'Reduce only order would increase position. asset=1',
      },
    ]);
    expect(await h.client.getOpenOrders(h.signer)).toEqual([]);
  });

  it('given an open long, when a stop already reached and a valid take-profit go in one action, then each order gets its own status', async () => {
    await openLong(h.signer, '0.1', 'open');

    const result = await h.client.placeTriggerOrders(h.signer, [await sellStop('0.1', 'too-late', '3600'), await sellTakeProfit('0.1', 'fine')]);

    expect(result.outcome).toEqual({ kind: 'ok' });
    expect(result.orders).toMatchObject([
      { kind: 'sl', status: 'rejected', reason: 'invalidTpsl' },
      { kind: 'tp', status: 'resting' },
    ]);
  });

  it('given a trigger price off the tick, when placed, then the whole action is refused before signing and nothing is sent', async () => {
    await openLong(h.signer, '0.1', 'open');
    const before = h.sim.stats().exchangeRequests;

    const result = await h.client.placeTriggerOrders(h.signer, [
      await sellTakeProfit('0.1', 'tp'),
      { ...(await sellStop('0.1', 'stop')), triggerPx: '3300.123' },
    ]);

    expect(result).toEqual({ outcome: expect.objectContaining({ kind: 'rejected', reason: 'invalidOrder', stage: 'client' }), orders: [] });
    expect(h.sim.stats().exchangeRequests).toBe(before);
  });

  it('given a long with a whole-position stop (positionTpsl, size "0"), when the position grows and then shrinks, then the listed stop follows its size', async () => {
    await openLong(h.signer, '0.1', 'open');
    const stop = await sellStop('0', 'whole');

    const result = await h.client.placeTriggerOrders(h.signer, [stop], 'positionTpsl');
    expect(result.orders).toEqual([{ cloid: stop.cloid, kind: 'sl', status: 'waitingForTrigger' }]);
    expect(await h.client.getOpenOrders(h.signer)).toEqual([expect.objectContaining({ cloid: stop.cloid, isPositionTpsl: true, tpsl: 'sl', size: 0.1 })]);

    await openLong(h.signer, '0.05', 'add');
    expect((await h.client.getOpenOrders(h.signer)).map((o) => o.size)).toEqual([0.15]);

    await h.client.placeOrder(h.signer, { coin: 'ETH', isBuy: false, price: '3465', size: '0.1', reduceOnly: true, tif: 'Ioc', cloid: cloidForSignal('trim') });
    expect((await h.client.getOpenOrders(h.signer)).map((o) => o.size)).toEqual([0.05]);
  });

  it('given a size "0" without the positionTpsl grouping, when placed, then it is refused before signing', async () => {
    await openLong(h.signer, '0.1', 'open');

    const result = await h.client.placeTriggerOrders(h.signer, [await sellStop('0', 'zero')]);

    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'invalidOrder', stage: 'client' });
  });

  it('given a signer with vaultAddress = a sub-account holding a long, when a stop is placed, then it rests for the sub-account and only the sub-account lists it', async () => {
    await openLong(sub, '0.1', 'sub-open');
    const stop = await sellStop('0.1', 'sub-stop');

    const result = await h.client.placeTriggerOrders(sub, [stop]);

    expect(result.orders).toEqual([{ cloid: stop.cloid, kind: 'sl', status: 'resting', oid: expect.any(Number) }]);
    expect(await h.client.getOpenOrders(sub)).toEqual([expect.objectContaining({ cloid: stop.cloid, isTrigger: true, triggerPx: 3300, size: 0.1 })]);
    expect(await h.client.getOpenOrders(h.signer)).toEqual([]);
  });
});
