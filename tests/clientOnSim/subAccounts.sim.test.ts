import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloidForSignal, HyperliquidReadError, type SignerRef } from '@hyperhook/hyperliquid';
import { alignThenPlace } from './testing/alignThenPlace.js';
import { iocBuy } from './testing/iocBuy.js';
import { ADDRESSES, type SimHarness, startHarness } from './testing/simHarness.js';

const SUB = '0x1d9470d4b963f552e6f671a81619d395877bf409';
const OTHERS_SUB = '0x2d9470d4b963f552e6f671a81619d395877bf409';

let h: SimHarness;
let sub: SignerRef;
beforeEach(async () => {
  h = await startHarness({
    sim: {
      subAccounts: [
        { master: ADDRESSES.master, address: SUB, name: 'desk-a', usdc: 2_000 },
        { master: ADDRESSES.otherMaster, address: OTHERS_SUB, name: 'theirs', usdc: 2_000 },
      ],
    },
    // Reads retry a 5xx with backoff; the failing-read test need not wait it out.
    client: { sleep: async () => undefined },
  });
  sub = { ...h.signer, accountAddress: SUB, vaultAddress: SUB };
});
afterEach(async () => {
  await h.close();
});

const position = async (who: SignerRef, coin: string) => (await h.client.getAccountSnapshot(who)).positions.find((p) => p.coin === coin);

describe('the client trades for a sub-account against the simulator (issue 39.5)', () => {
  it('given a master with a sub-account, when getSubAccounts reads it, then its name, address and master; a master without any gets []', async () => {
    expect(await h.client.getSubAccounts(ADDRESSES.master, true)).toEqual([{ name: 'desk-a', address: SUB, master: ADDRESSES.master }]);
    expect(await h.client.getSubAccounts(ADDRESSES.stranger, true)).toEqual([]);
  });

  it('given a signer with vaultAddress = the sub-account, when a market buy is placed, then it fills for the sub-account and the master holds nothing', async () => {
    const result = await h.client.placeOrder(sub, iocBuy('ETH', '0.1', cloidForSignal('sub-buy')));

    expect(result.outcome).toMatchObject({ kind: 'filled', filledSize: 0.1, partial: false });
    expect(await position(sub, 'ETH')).toMatchObject({ szi: 0.1 });
    expect(await position(h.signer, 'ETH')).toBeUndefined();
  });

  it("given a signer with vaultAddress = the sub-account, when leverage is aligned before the order, then the sub-account's leverage moves and the master's does not", async () => {
    const result = await alignThenPlace(h.client, sub, iocBuy('ETH', '0.1', cloidForSignal('sub-lev')), 7);

    expect(result).toMatchObject({ leverage: { action: 'updated', to: 7 }, outcome: { kind: 'filled' } });
    expect(await h.client.getLeverage(sub, 'ETH')).toMatchObject({ value: 7 });
    expect(await h.client.getLeverage(h.signer, 'ETH')).not.toMatchObject({ value: 7 });
  });

  it('given a vaultAddress the master does not own, when an order is placed, then the venue refusal comes back as rejected and nothing fills', async () => {
    const theirs = { ...h.signer, accountAddress: OTHERS_SUB, vaultAddress: OTHERS_SUB };

    const result = await h.client.placeOrder(theirs, iocBuy('ETH', '0.1', cloidForSignal('not-mine')));

    expect(result.outcome).toMatchObject({ kind: 'rejected', stage: 'venue', message: `Vault not registered: ${OTHERS_SUB}` });
    expect(await position(theirs, 'ETH')).toBeUndefined();
  });

  it('given the venue fails the read, when getSubAccounts reads, then a HyperliquidReadError', async () => {
    h.sim.injectFault({ endpoint: 'info', kind: 'http5xx', actionType: 'subAccounts', count: 5 });

    await expect(h.client.getSubAccounts(ADDRESSES.master, true)).rejects.toBeInstanceOf(HyperliquidReadError);
  });
});
