import { describe, expect, it } from 'vitest';
import { openBtcLong } from '../../testing/openBtcLong.js';
import { ADDRESSES, call, keysBody, KEYS, seedFreshAccount, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

/** Makes every exchange read answer 5xx while `run` runs (more failures than the client retries). */
async function withExchangeDown<T>(run: () => Promise<T>): Promise<T> {
  stack.sim.injectFault({ endpoint: 'info', kind: 'http5xx', count: 50 });
  try {
    return await run();
  } finally {
    stack.sim.clearFaults();
  }
}

describe('GET /api/balance', () => {
  it('ERR-23: given keys and no snapshot yet, when the exchange fails, then 502 in the envelope with a message the client keeps, and nothing is recorded', async () => {
    // given
    const user = await signUp(stack.t.app);
    // the key save's own look at the account fails: the keys are saved, no snapshot is
    stack.sim.injectFault({ endpoint: 'info', kind: 'http5xx', count: 20, actionType: 'clearinghouseState' });
    try {
      expect((await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('B'))).statusCode).toBe(200);
    } finally {
      stack.sim.clearFaults();
    }
    // when
    const res = await withExchangeDown(() => call(stack.t.app, 'GET', '/api/balance', user.token));
    // then
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, error: expect.stringMatching(/^Hyperliquid could not be read: \S/) });
    expect(await stack.t.store.eventStore.readStream(`account-${user.uid}`)).toEqual([]);
    // Once the exchange is back, the same call answers the balance.
    expect((await call(stack.t.app, 'GET', '/api/balance', user.token)).json().data).toMatchObject({ availableBalance: 2000, totalEquity: 2000 });
  });

  it('API-18, STATE-12: given a recorded snapshot, when the exchange fails, then the balance is still answered from the read model', async () => {
    // given
    const user = await signUp(stack.t.app);
    await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('B'));
    const before = await call(stack.t.app, 'GET', '/api/balance', user.token);
    expect(before.statusCode).toBe(200);
    // when
    const during = await withExchangeDown(() => call(stack.t.app, 'GET', '/api/balance', user.token));
    // then
    expect(during.statusCode).toBe(200);
    expect(during.json()).toEqual(before.json());
  });

  it("ROLE-03, API-18, ENT-17: given A (account with a BTC long, 10 000 USDC) and B (2 000 USDC), when each reads the balance, then each answer holds its own account's values", async () => {
    // given: a position on A's account, so its margin and equity differ from B's untouched account
    await openBtcLong(stack.t.client, { accountAddress: ADDRESSES.masterA, agentPrivateKey: KEYS.agentA, isTestnet: true }, '0.01', `0x${'78'.repeat(16)}`);
    const a = await signUp(stack.t.app);
    const b = await signUp(stack.t.app);
    await call(stack.t.app, 'POST', '/api/keys', a.token, keysBody('A'));
    await call(stack.t.app, 'POST', '/api/keys', b.token, keysBody('B'));
    // when
    const balanceA = (await call(stack.t.app, 'GET', '/api/balance', a.token)).json().data;
    const balanceB = (await call(stack.t.app, 'GET', '/api/balance', b.token)).json().data;
    // then
    expect(balanceB).toMatchObject({ availableBalance: 2000, totalEquity: 2000, marginUsed: 0, totalNotional: 0 });
    expect(balanceA.totalEquity).toBeGreaterThan(9_000);
    expect(balanceA.marginUsed).toBeGreaterThan(0);
    expect(balanceA.totalNotional).toBeGreaterThan(0);
    expect(balanceA.spotUsdc).toBe(25);
    expect(balanceB.spotUsdc).not.toBe(25);
    // A's read did not overwrite B's document, nor the other way round.
    expect((await call(stack.t.app, 'GET', '/api/balance', b.token)).json().data).toEqual(balanceB);
    expect((await call(stack.t.app, 'GET', '/api/balance', a.token)).json().data).toEqual(balanceA);
  });
});

describe('GET /api/balance?refresh=true (the Refresh Balance button)', () => {
  it("TAB-SET-08, API-18: given a recorded balance and the account's USDC changed on the exchange since, when reading with refresh, then the exchange's new balance is answered and recorded; a plain read before it still answers the recorded one", async () => {
    // given
    const account = seedFreshAccount(stack.sim, 1_000);
    const user = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'POST', '/api/keys', user.token, account.keys)).statusCode).toBe(200);
    expect((await call(stack.t.app, 'GET', '/api/balance', user.token)).json().data).toMatchObject({ availableBalance: 1_000, totalEquity: 1_000 });
    stack.sim.seedAccount({ address: account.signer.accountAddress, usdc: 1_750 });
    const snapshotsBefore = (await stack.t.store.eventStore.readStream(`account-${user.uid}`)).filter((e) => e.type === 'BalanceSnapshotTaken').length;
    // when
    const plain = await call(stack.t.app, 'GET', '/api/balance', user.token);
    const refreshed = await call(stack.t.app, 'GET', '/api/balance?refresh=true', user.token);
    // then
    expect(plain.json().data).toMatchObject({ availableBalance: 1_000, totalEquity: 1_000 });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ success: true, data: expect.objectContaining({ availableBalance: 1_750, totalEquity: 1_750 }) });
    const snapshotsAfter = (await stack.t.store.eventStore.readStream(`account-${user.uid}`)).filter((e) => e.type === 'BalanceSnapshotTaken').length;
    expect(snapshotsAfter).toBe(snapshotsBefore + 1);
    // The read model holds the refreshed balance for every later read.
    expect((await call(stack.t.app, 'GET', '/api/balance', user.token)).json().data).toEqual(refreshed.json().data);
    expect((await call(stack.t.app, 'GET', '/api/balance?refresh=false', user.token)).json().data).toEqual(refreshed.json().data);
  });

  it('ERR-23: given a recorded balance, when refreshing while the exchange fails, then 502 with the reason, and the recorded balance is kept', async () => {
    // given
    const user = await signUp(stack.t.app);
    await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('B'));
    const before = (await call(stack.t.app, 'GET', '/api/balance', user.token)).json();
    // when
    const res = await withExchangeDown(() => call(stack.t.app, 'GET', '/api/balance?refresh=true', user.token));
    // then
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, error: expect.stringMatching(/^Hyperliquid could not be read: \S/) });
    expect((await call(stack.t.app, 'GET', '/api/balance', user.token)).json()).toEqual(before);
  });

  it('given no API keys, when refreshing, then 400 "No API keys configured"; a refresh value other than true or false is a 400', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'GET', '/api/balance?refresh=true', user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'No API keys configured' });
    expect((await call(stack.t.app, 'GET', '/api/balance?refresh=yes', user.token)).statusCode).toBe(400);
  });
});
