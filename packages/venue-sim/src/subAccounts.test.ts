/** Sub-accounts: created for a master, listed by `subAccounts`, traded with `vaultAddress` on their own clearinghouse. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agent, exchange, info, limit, master, orderAction, other, post, startTestSim, statusesOf, type TestSim } from './testing/harness.js';

const SUB = '0x1d9470d4b963f552e6f671a81619d395877bf409' as const;
const OTHERS_SUB = '0x2d9470d4b963f552e6f671a81619d395877bf409' as const;

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
  t.sim.seedAccount({ address: other.address, usdc: 1_000 });
  t.sim.createSubAccount({ master: master.address, address: SUB, name: 'desk-a', usdc: 500 });
  t.sim.createSubAccount({ master: other.address, address: OTHERS_SUB, name: 'theirs', usdc: 500 });
});
afterEach(async () => {
  await t.sim.close();
});

type State = {
  marginSummary: { accountValue: string };
  assetPositions: { position: { coin: string; szi: string; leverage: { type: string; value: number } } }[];
};
const stateOf = (user: string) => info<State>(t.sim.url, { type: 'clearinghouseState', user });
const asSub = (action: Record<string, unknown>, wallet = agent, vaultAddress: `0x${string}` = SUB) =>
  exchange(t.sim.url, wallet, action, { nonce: t.clock.nonce(), vaultAddress });
const IOC_BUY = limit(0, true, '98000', '0.001', { tif: 'Ioc' });

describe('sub-accounts (issue 39.5)', () => {
  it('given a master with a sub-account, when subAccounts is asked, then it lists the name, address, master and both states; a master without any gets null', async () => {
    const listed = await info<Record<string, unknown>[]>(t.sim.url, { type: 'subAccounts', user: master.address });

    expect(listed).toEqual([
      {
        name: 'desk-a',
        subAccountUser: SUB,
        master: master.address.toLowerCase(),
        clearinghouseState: expect.objectContaining({ marginSummary: expect.objectContaining({ accountValue: '500.0' }), assetPositions: [] }),
        spotState: { balances: [{ coin: 'USDC', token: 0, hold: '0.0', total: '0.0', entryNtl: '0.0' }] },
      },
    ]);
    expect(await info(t.sim.url, { type: 'subAccounts', user: SUB })).toBeNull();
    expect(await info(t.sim.url, { type: 'userRole', user: SUB })).toEqual({ role: 'subAccount', data: { master: master.address.toLowerCase() } });
  });

  it("given the master's API wallet, when it orders with vaultAddress = the sub-account, then the position, fill and cash are the sub-account's only", async () => {
    const [status] = statusesOf(await asSub(orderAction([IOC_BUY])));

    expect(status).toEqual({ filled: expect.objectContaining({ totalSz: '0.001' }) });
    expect((await stateOf(SUB)).assetPositions.map((p) => [p.position.coin, p.position.szi])).toEqual([['BTC', '0.001']]);
    expect(await info(t.sim.url, { type: 'userFills', user: SUB })).toHaveLength(1);
    expect((await stateOf(master.address)).assetPositions).toEqual([]);
    expect((await stateOf(master.address)).marginSummary.accountValue).toBe('10000.0');
    expect(await info(t.sim.url, { type: 'userFills', user: master.address })).toEqual([]);
  });

  it('given a sub-account of $500, when an order needs more margin than it has, then it is refused although the master is rich', async () => {
    // 0.3 BTC at 20x needs ~$1,455 of margin.
    const [status] = statusesOf(await asSub(orderAction([limit(0, true, '98000', '0.3', { tif: 'Ioc' })])));

    expect(status).toEqual({ error: 'Insufficient margin to place order. asset=0' });
  });

  it('given a resting order of the sub-account, when listed and cancelled, then openOrders answers for the sub-account and only a vault-signed cancel reaches it', async () => {
    const [resting] = statusesOf(await asSub(orderAction([limit(0, true, '90000', '0.001')])));
    const oid = (resting as { resting: { oid: number } }).resting.oid;
    expect((await info<{ oid: number }[]>(t.sim.url, { type: 'openOrders', user: SUB })).map((o) => o.oid)).toEqual([oid]);
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toEqual([]);

    const cancel = { type: 'cancel', cancels: [{ a: 0, o: oid }] };
    expect(statusesOf(await exchange(t.sim.url, agent, cancel, { nonce: t.clock.nonce() }))).toEqual([
      { error: 'Order was never placed, already canceled, or filled.' },
    ]);
    expect(statusesOf(await asSub(cancel))).toEqual(['success']);
    expect(await info(t.sim.url, { type: 'openOrders', user: SUB })).toEqual([]);
  });

  it("given updateLeverage signed with the sub-account as vault, then the sub-account's leverage changes and the master's does not", async () => {
    expect(await asSub({ type: 'updateLeverage', asset: 0, isCross: false, leverage: 5 })).toEqual({ status: 'ok', response: { type: 'default' } });
    await asSub(orderAction([IOC_BUY]));

    expect((await stateOf(SUB)).assetPositions[0]?.position.leverage).toMatchObject({ type: 'isolated', value: 5 });
    const masterLeverage = await info<{ leverage: unknown }>(t.sim.url, { type: 'activeAssetData', user: master.address, coin: 'BTC' });
    expect(masterLeverage.leverage).toEqual({ type: 'cross', value: 20 });
  });

  it('given the master key itself, when it signs with the sub-account as vault, then it trades for the sub-account too', async () => {
    statusesOf(await asSub(orderAction([IOC_BUY]), master));

    expect((await stateOf(SUB)).assetPositions).toHaveLength(1);
  });

  it('given a vaultAddress that is another master\'s sub-account or no account at all, then "Vault not registered" and the nonce stays unused', async () => {
    const nonce = t.clock.nonce();
    expect(await exchange(t.sim.url, agent, orderAction([IOC_BUY]), { nonce, vaultAddress: OTHERS_SUB })).toEqual({
      status: 'err',
      response: `Vault not registered: ${OTHERS_SUB}`,
    });
    const stranger = '0x9999999999999999999999999999999999999999';
    expect(await exchange(t.sim.url, agent, orderAction([IOC_BUY]), { nonce, vaultAddress: stranger })).toEqual({
      status: 'err',
      response: `Vault not registered: ${stranger}`,
    });
    expect(statusesOf(await exchange(t.sim.url, agent, orderAction([IOC_BUY]), { nonce }))).toEqual([{ filled: expect.any(Object) }]);
  });

  it("given actions for the sub-account, then they count against its own per-address budget, not the master's", async () => {
    const used = (user: string) => info<{ nRequestsUsed: number }>(t.sim.url, { type: 'userRateLimit', user }).then((r) => r.nRequestsUsed);
    await asSub(orderAction([limit(0, true, '90000', '0.001')]));
    await asSub(orderAction([limit(0, true, '90000', '0.001')]));

    expect(await used(SUB)).toBe(2);
    expect(await used(master.address)).toBe(0);
  });
});

describe('sub-account control routes (issue 39.5)', () => {
  it('given POST /control/sub-account and /control/credit, then the sub-account exists and its balance grows by the credit', async () => {
    const NEW_SUB = '0x3d9470d4b963f552e6f671a81619d395877bf409';
    expect((await post(t.sim.url, '/control/sub-account', { master: master.address, address: NEW_SUB, name: 'desk-b' })).json).toEqual({ status: 'ok' });
    expect((await post(t.sim.url, '/control/credit', { address: NEW_SUB, usdc: 250 })).json).toEqual({ status: 'ok' });
    expect((await post(t.sim.url, '/control/credit', { address: NEW_SUB, usdc: 50 })).json).toEqual({ status: 'ok' });

    expect((await stateOf(NEW_SUB)).marginSummary.accountValue).toBe('300.0');
    expect((await info<{ name: string }[]>(t.sim.url, { type: 'subAccounts', user: master.address })).map((s) => s.name)).toEqual(['desk-a', 'desk-b']);
  });

  it('given a sub-account for an unknown master, an address that is another user, or a credit to nobody, then a 400', async () => {
    const NEW_SUB = '0x4d9470d4b963f552e6f671a81619d395877bf409';
    expect((await post(t.sim.url, '/control/sub-account', { master: '0x5555555555555555555555555555555555555555', address: NEW_SUB, name: 'x' })).status).toBe(
      400,
    );
    expect((await post(t.sim.url, '/control/sub-account', { master: master.address, address: OTHERS_SUB, name: 'x' })).status).toBe(400);
    expect((await post(t.sim.url, '/control/sub-account', { master: master.address, address: agent.address, name: 'x' })).status).toBe(400);
    expect((await post(t.sim.url, '/control/credit', { address: NEW_SUB, usdc: 1 })).status).toBe(400);
    expect((await post(t.sim.url, '/control/credit', { address: SUB, usdc: -1 })).status).toBe(400);
  });

  it('given the subAccounts option, when the simulator starts, then the sub-account is there with its balance', async () => {
    await t.sim.close();
    t = await startTestSim({ subAccounts: [{ master: master.address, address: SUB, name: 'seeded', usdc: 42 }] });

    expect((await stateOf(SUB)).marginSummary.accountValue).toBe('42.0');
    expect(await info(t.sim.url, { type: 'userRole', user: SUB })).toMatchObject({ role: 'subAccount' });
  });
});
