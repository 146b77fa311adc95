import type { Simulator } from '@hyperhook/venue-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBtcLong } from '../../testing/openBtcLong.js';
import { ADDRESSES, call, createTestApp, keysBody, KEYS, signUp, startTestSimulator, type TestApp } from '../../testing/testApp.js';

let sim: Simulator;
let t: TestApp;
beforeAll(async () => {
  sim = await startTestSimulator();
  t = await createTestApp({ sim });
  // A real long BTC position on main account A, opened through the simulator by its API wallet.
  const result = await openBtcLong(
    t.client,
    { accountAddress: ADDRESSES.masterA, agentPrivateKey: KEYS.agentA, isTestnet: true },
    '0.01',
    `0x${'12'.repeat(16)}`,
  );
  expect(result.outcome.kind).toBe('filled');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('GET /api/positions, /api/positions/sync, /api/positions/:symbol', () => {
  it('API-14: given no sync yet, when listing positions, then an empty list', async () => {
    const user = await signUp(t.app);
    expect((await call(t.app, 'GET', '/api/positions', user.token)).json()).toEqual({ success: true, data: [] });
  });

  it('API-15, API-16, ERR-16: given no keys, when syncing with GET /api/positions/sync, then 400 whose error string (the message ERR-16\'s toast shows) is "No API keys configured"', async () => {
    const user = await signUp(t.app);
    const res = await call(t.app, 'GET', '/api/positions/sync', user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'No API keys configured' });
  });

  it("API-15, API-16, ENT-13: given keys of an account with a BTC long, when syncing with GET /api/positions/sync, then the fresh list and snapshots with source sync on account-<uid>, after the key save's own", async () => {
    const user = await signUp(t.app);
    await call(t.app, 'POST', '/api/keys', user.token, keysBody('A'));
    const res = await call(t.app, 'GET', '/api/positions/sync', user.token);
    expect(res.statusCode).toBe(200);
    const [btc] = res.json().data;
    expect(btc).toMatchObject({ symbol: 'BTC', side: 'long', size: 0.01, userId: user.uid, leverage: expect.any(Number) });
    expect(btc.entryPrice).toBeGreaterThan(0);
    const events = await t.store.eventStore.readStream(`account-${user.uid}`);
    expect(events.map((e) => [e.type, (e.data as { source?: string }).source])).toEqual([
      ['PositionsSnapshotTaken', 'keys'],
      ['BalanceSnapshotTaken', undefined],
      ['PositionsSnapshotTaken', 'sync'],
      ['BalanceSnapshotTaken', undefined],
    ]);
    expect((await call(t.app, 'GET', '/api/positions', user.token)).json().data).toEqual(res.json().data);
  });

  it('API-17: given a synced BTC position, when reading /api/positions/btc, then that position; an unknown symbol is 404', async () => {
    const user = await signUp(t.app);
    await call(t.app, 'POST', '/api/keys', user.token, keysBody('A'));
    await call(t.app, 'GET', '/api/positions/sync', user.token);
    const one = await call(t.app, 'GET', '/api/positions/btc', user.token);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.symbol).toBe('BTC');
    const none = await call(t.app, 'GET', '/api/positions/ETH', user.token);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ success: false, error: 'No open position for ETH' });
  });

  it("ERR-16: given the exchange failing, when syncing, then 502 whose error string (the message ERR-16's toast shows) says Hyperliquid could not be read, and no snapshot", async () => {
    const user = await signUp(t.app);
    await call(t.app, 'POST', '/api/keys', user.token, keysBody('B'));
    const before = await t.store.eventStore.readStream(`account-${user.uid}`);
    sim.injectFault({ endpoint: 'info', kind: 'http5xx', count: 20 });
    try {
      const res = await call(t.app, 'GET', '/api/positions/sync', user.token);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/^Hyperliquid could not be read/);
    } finally {
      sim.clearFaults();
    }
    expect(await t.store.eventStore.readStream(`account-${user.uid}`)).toEqual(before);
  });
});

describe('GET /api/balance', () => {
  it('ERR-23: given no keys and no balance, when reading, then 400 "No API keys configured"', async () => {
    const user = await signUp(t.app);
    const res = await call(t.app, 'GET', '/api/balance', user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('No API keys configured');
  });

  it('API-18, ENT-17: given keys and no snapshot yet, when reading, then it reads the exchange and answers availableBalance and totalEquity', async () => {
    const user = await signUp(t.app);
    // the key save's own look at the account fails: the keys are saved, no snapshot is
    sim.injectFault({ endpoint: 'info', kind: 'http5xx', count: 20, actionType: 'clearinghouseState' });
    try {
      expect((await call(t.app, 'POST', '/api/keys', user.token, keysBody('B'))).statusCode).toBe(200);
    } finally {
      sim.clearFaults();
    }
    expect(await t.store.eventStore.readStream(`account-${user.uid}`)).toEqual([]);
    const res = await call(t.app, 'GET', '/api/balance', user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ availableBalance: 2000, totalEquity: 2000, updatedAt: expect.any(String) });
    expect((await t.store.eventStore.readStream(`account-${user.uid}`)).map((e) => e.type)).toContain('BalanceSnapshotTaken');
    // The second read is served from the read model: no new snapshot.
    await call(t.app, 'GET', '/api/balance', user.token);
    expect(await t.store.eventStore.readStream(`account-${user.uid}`)).toHaveLength(2);
  });
});
