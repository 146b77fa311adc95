import type { Simulator } from '@hyperhook/venue-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBtcLong } from '../testing/openBtcLong.js';
import { receiveSignal } from '../testing/receiveSignal.js';
import { ADDRESSES, call, createTestApp, keysBody, KEYS, signUp, startTestSimulator, type TestApp, type TestUser } from '../testing/testApp.js';

let sim: Simulator;
let t: TestApp;
let a: TestUser;
let b: TestUser;

const settingsA = {
  positionSizing: { mode: 'fixed', value: 250 },
  riskLimits: { maxPositionSize: 1000, maxOpenPositions: 2 },
  trading: { leverage: 3, slippageTolerance: 1, requireStopLoss: true },
};

/** Everything user A can see, to compare before and after B's calls. */
async function snapshotOfA() {
  const get = async (url: string) => (await call(t.app, 'GET', url, a.token)).json();
  return {
    user: await get('/api/auth/user'),
    webhookUrl: await get('/api/auth/webhook-url'),
    keys: await get('/api/keys'),
    settings: await get('/api/settings'),
    positions: await get('/api/positions'),
    btc: await get('/api/positions/BTC'),
    balance: await get('/api/balance'),
    referral: await get('/api/referral'),
    logs: await get('/api/webhook-logs'),
  };
}

beforeAll(async () => {
  sim = await startTestSimulator();
  t = await createTestApp({ sim });
  await openBtcLong(t.client, { accountAddress: ADDRESSES.masterA, agentPrivateKey: KEYS.agentA, isTestnet: true }, '0.01', `0x${'34'.repeat(16)}`);
  a = await signUp(t.app, 'alice@example.com');
  b = await signUp(t.app, 'bob@example.com');
  // A has data behind every route.
  expect((await call(t.app, 'POST', '/api/keys', a.token, keysBody('A'))).statusCode).toBe(200);
  expect((await call(t.app, 'PUT', '/api/settings', a.token, settingsA)).statusCode).toBe(200);
  expect((await call(t.app, 'GET', '/api/positions/sync', a.token)).statusCode).toBe(200);
  expect((await call(t.app, 'POST', '/api/referral/self-report', a.token, { joinedViaReferral: true })).statusCode).toBe(200);
  expect((await call(t.app, 'POST', '/api/referral/decline', a.token, { reason: 'alice reason' })).statusCode).toBe(200);
  await receiveSignal(t, a.uid, '2026-02-01T00:00:00.000Z');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('ROLE-02, ROLE-03: per-user scoping of every route', () => {
  it('ROLE-03: given A with data behind every route, when B reads every route, then B sees only its own (empty) data', async () => {
    const before = await snapshotOfA();
    expect(before.keys.data.configured).toBe(true);
    expect(before.positions.data).toHaveLength(1);
    expect(before.logs.data).toHaveLength(1);
    expect(before.referral.data.declinedReason).toBe('alice reason');

    expect((await call(t.app, 'GET', '/api/auth/user', b.token)).json().data).toEqual({ uid: b.uid, email: 'bob@example.com' });
    expect((await call(t.app, 'GET', '/api/auth/webhook-url', b.token)).json().data.webhookUrl).not.toBe(before.webhookUrl.data.webhookUrl);
    expect((await call(t.app, 'GET', '/api/keys', b.token)).json().data.configured).toBe(false);
    expect((await call(t.app, 'GET', '/api/settings', b.token)).json().data).not.toEqual(settingsA);
    expect((await call(t.app, 'GET', '/api/positions', b.token)).json().data).toEqual([]);
    expect((await call(t.app, 'GET', '/api/positions/BTC', b.token)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/positions/sync', b.token)).json()).toEqual({ success: false, error: 'No API keys configured' });
    expect((await call(t.app, 'GET', '/api/balance', b.token)).json()).toEqual({ success: false, error: 'No API keys configured' });
    expect((await call(t.app, 'GET', '/api/balance?refresh=true', b.token)).json()).toEqual({ success: false, error: 'No API keys configured' });
    expect((await call(t.app, 'POST', '/api/orders/preview', b.token, { alert: { symbol: 'BTC', action: 'buy' } })).json().data).toEqual({
      ok: false,
      stage: 'keys',
      code: 'NO_CREDENTIALS',
      message: 'No API keys configured',
    });
    expect((await call(t.app, 'GET', '/api/referral', b.token)).json().data).toMatchObject({ joinedViaReferral: false, declinedReason: null });
    expect((await call(t.app, 'GET', '/api/webhook-logs', b.token)).json().data).toEqual([]);

    expect(await snapshotOfA()).toEqual(before);
  });

  it("ROLE-03: given A with data, when B calls every command route, then none of A's data changes", async () => {
    const before = await snapshotOfA();
    const commands: [string, string, unknown][] = [
      ['POST', '/api/auth/regenerate-webhook-secret', undefined],
      ['POST', '/api/keys', keysBody('B')],
      ['GET', '/api/positions/sync', undefined],
      ['GET', '/api/balance', undefined],
      ['PUT', '/api/settings', { ...settingsA, trading: { ...settingsA.trading, leverage: 7 } }],
      ['POST', '/api/settings/reset', undefined],
      ['POST', '/api/referral/self-report', { joinedViaReferral: true }],
      ['POST', '/api/referral/decline', { reason: 'bob reason' }],
      ['POST', '/api/referral/join-click', undefined],
      ['POST', '/api/referral/events', { type: 'bob_event', metadata: {} }],
      ['DELETE', '/api/keys', undefined],
      ['POST', '/api/auth/refresh', { refreshToken: b.refreshToken }],
    ];
    for (const [method, url, body] of commands) {
      const res = await call(t.app, method as 'GET', url, b.token, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      expect(res.json().success, `${method} ${url}: ${res.body}`).toBe(true);
    }
    // B's own data did change (so the calls above really ran as B)…
    expect((await call(t.app, 'GET', '/api/referral', b.token)).json().data).toMatchObject({
      declinedReason: 'bob reason',
      joinClicks: 1,
      lastEventType: 'bob_event',
    });
    // …and A's did not.
    expect(await snapshotOfA()).toEqual(before);
    // B's logout does not sign A out.
    expect((await call(t.app, 'POST', '/api/auth/logout', b.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/user', a.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/user', b.token)).statusCode).toBe(401);
  });

  it('ROLE-04: given no token, when calling every protected route, then 401 and nothing is recorded', async () => {
    const head = await t.store.eventStore.headPosition();
    const routes: [string, string][] = [
      ['GET', '/api/auth/user'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/auth/webhook-url'],
      ['POST', '/api/auth/regenerate-webhook-secret'],
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['DELETE', '/api/keys'],
      ['GET', '/api/settings'],
      ['PUT', '/api/settings'],
      ['POST', '/api/settings/reset'],
      ['GET', '/api/positions'],
      ['GET', '/api/positions/sync'],
      ['GET', '/api/positions/BTC'],
      ['GET', '/api/balance'],
      ['GET', '/api/referral'],
      ['POST', '/api/referral/self-report'],
      ['POST', '/api/referral/decline'],
      ['POST', '/api/referral/join-click'],
      ['GET', '/api/webhook-logs'],
      ['POST', '/api/orders/preview'],
      ['GET', '/api/market/BTC'],
      ['GET', '/api/balance?refresh=true'],
      ['POST', '/api/push/test'],
    ];
    for (const [method, url] of routes) {
      const res = await call(t.app, method as 'GET', url, null, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().success).toBe(false);
    }
    expect(await t.store.eventStore.headPosition()).toBe(head);
  });
});
