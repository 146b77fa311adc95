import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloidForSignal, type OrderModification, type SignerRef } from '@hyperhook/hyperliquid';
import { iocBuy } from './testing/iocBuy.js';
import { protectiveOrder } from './testing/protectiveOrder.js';
import { ADDRESSES, type SimHarness, startHarness } from './testing/simHarness.js';

const SUB = '0x1d9470d4b963f552e6f671a81619d395877bf409';
const BID = cloidForSignal('bid');

let h: SimHarness;
let sub: SignerRef;
beforeEach(async () => {
  h = await startHarness({ sim: { subAccounts: [{ master: ADDRESSES.master, address: SUB, name: 'desk-a', usdc: 2_000 }] } });
  sub = { ...h.signer, accountAddress: SUB, vaultAddress: SUB };
});
afterEach(async () => {
  await h.close();
});

/** A resting GTC buy of 0.1 ETH at 3400 (the simulator's mark is 3500) with the cloid {@link BID}; its oid. */
async function restingBid(who: SignerRef = h.signer): Promise<number> {
  const placed = await h.client.placeOrder(who, { coin: 'ETH', isBuy: true, price: '3400', size: '0.1', reduceOnly: false, tif: 'Gtc', cloid: BID });
  if (placed.outcome.kind !== 'resting' || placed.outcome.oid === null) throw new Error(`not resting: ${JSON.stringify(placed.outcome)}`);
  return placed.outcome.oid;
}

/** The bid moved to `price` for `size`, keeping its cloid. */
const moveBid = (target: OrderModification['target'], price: string, size = '0.1'): OrderModification => ({
  target,
  coin: 'ETH',
  isBuy: true,
  price,
  size,
  reduceOnly: false,
  tif: 'Gtc',
  cloid: BID,
});

describe('modifying resting orders against the simulator', () => {
  it('given a resting bid, when modified by oid to another price and size, then it rests with a new oid and is listed at the new price and size with its cloid', async () => {
    const oid = await restingBid();

    const result = await h.client.modifyOrders(h.signer, [moveBid({ oid }, '3450', '0.2')]);

    expect(result.outcome).toEqual({ kind: 'ok' });
    expect(result.modifies).toEqual([{ ...moveBid({ oid }, '3450', '0.2'), status: 'resting', oid: expect.any(Number) }]);
    expect(result.expiresAfter).toEqual(expect.any(Number));
    const newOid = (result.modifies[0] as { oid: number }).oid;
    expect(newOid).not.toBe(oid);
    expect(await h.client.getOpenOrders(h.signer)).toEqual([expect.objectContaining({ oid: newOid, cloid: BID, limitPx: 3450, size: 0.2, side: 'buy' })]);
  });

  it('given a resting bid, when modified by its cloid twice, then each time the order its cloid names now is replaced', async () => {
    await restingBid();

    const first = await h.client.modifyOrders(h.signer, [moveBid({ cloid: BID }, '3410')]);
    const second = await h.client.modifyOrders(h.signer, [moveBid({ cloid: BID }, '3420')]);

    expect([first.modifies[0]?.status, second.modifies[0]?.status]).toEqual(['resting', 'resting']);
    expect(await h.client.getOpenOrders(h.signer)).toEqual([expect.objectContaining({ cloid: BID, limitPx: 3420 })]);
  });

  it('given a new price through the book, when modified, then the replacement is refused post-only and the old bid is cancelled as well', async () => {
    const oid = await restingBid();

    const result = await h.client.modifyOrders(h.signer, [moveBid({ oid }, '3600')]);

    expect(result.modifies).toEqual([
      expect.objectContaining({
        status: 'replacementRejected',
        reason: 'postOnly',
        message: expect.stringMatching(/^Error placing new order during modify: Post only order would have immediately matched/),
      }),
    ]);
    expect(await h.client.getOpenOrders(h.signer)).toEqual([]);
  });

  it('given a cancelled bid and a live one, when both are modified in one action, then "gone" for the first and "resting" for the second', async () => {
    const cancelled = await restingBid();
    await h.client.cancelOrders(h.signer, [{ coin: 'ETH', oid: cancelled }]);
    const live = await restingBid();

    const result = await h.client.modifyOrders(h.signer, [moveBid({ oid: cancelled }, '3300'), moveBid({ oid: live }, '3350')]);

    expect(result.modifies.map((m) => m.status)).toEqual(['gone', 'resting']);
    expect(result.modifies[0]).toMatchObject({ message: 'Cannot modify canceled or filled order' });
    expect((await h.client.getOpenOrders(h.signer)).map((o) => o.limitPx)).toEqual([3350]);
  });

  it('given a stop-loss waiting for its price, when modified (the client sends no always_place), then "gone" and the stop stays as it was', async () => {
    await h.client.placeOrder(h.signer, iocBuy('ETH', '0.1', cloidForSignal('open')));
    const stop = await protectiveOrder(h, { coin: 'ETH', kind: 'sl', isBuy: false, triggerPx: '3300', size: '0.1' }, 'stop');
    await h.client.placeTriggerOrders(h.signer, [stop]);

    const result = await h.client.modifyOrders(h.signer, [
      { target: { cloid: stop.cloid }, coin: 'ETH', isBuy: false, price: '3100', size: '0.1', reduceOnly: true, tif: 'Gtc', cloid: stop.cloid },
    ]);

    expect(result.modifies.map((m) => m.status)).toEqual(['gone']);
    expect(await h.client.getOpenOrders(h.signer)).toEqual([expect.objectContaining({ cloid: stop.cloid, isTrigger: true, triggerPx: 3300 })]);
  });

  it('given a sub-account\'s bid, when modified without vaultAddress, then "gone"; with it, then replaced', async () => {
    await restingBid(sub);

    expect((await h.client.modifyOrders(h.signer, [moveBid({ cloid: BID }, '3410')])).modifies.map((m) => m.status)).toEqual(['gone']);
    expect((await h.client.modifyOrders(sub, [moveBid({ cloid: BID }, '3410')])).modifies.map((m) => m.status)).toEqual(['resting']);
    expect((await h.client.getOpenOrders(sub)).map((o) => o.limitPx)).toEqual([3410]);
  });

  it.each([
    ['a price off the tick', moveBid({ oid: 1 }, '3400.123')],
    ['an order value under $10', moveBid({ oid: 1 }, '3400', '0.002')],
    ['a target cloid that is not one', moveBid({ cloid: '0xABC' }, '3400')],
    ['a target oid that is not one', moveBid({ oid: -1 }, '3400')],
    ['an unknown coin', { ...moveBid({ oid: 1 }, '3400'), coin: 'NOPE' }],
  ])('given %s, when modified, then refused before signing and nothing is sent', async (_label, modify) => {
    const before = h.sim.stats().exchangeRequests;

    const result = await h.client.modifyOrders(h.signer, [modify]);

    expect(result).toEqual({ outcome: expect.objectContaining({ kind: 'rejected', stage: 'client' }), modifies: [] });
    expect(h.sim.stats().exchangeRequests).toBe(before);
  });

  it('given nothing to modify, then refused before signing', async () => {
    expect((await h.client.modifyOrders(h.signer, [])).outcome).toMatchObject({ kind: 'rejected', reason: 'invalidOrder', stage: 'client' });
  });
});
