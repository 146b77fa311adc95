import { DEFAULT_SETTINGS } from '@hyperhook/domain';
import type { Simulator } from '@hyperhook/venue-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../testing/registeredRoutes.js';
import { call, createTestApp, keysBody, signUp, startTestSimulator, type TestApp, type TestUser } from '../testing/testApp.js';

let sim: Simulator;
let t: TestApp;
let a: TestUser;
let b: TestUser;
/** A's own strategies: ids B will try, and names that must never reach B. */
const mine: { id: string; name: string }[] = [];

/** Bodies a route with an id may take; each id-route is tried with each, so a valid one reaches the handler. */
const BODIES: readonly unknown[] = [
  undefined,
  {},
  { name: 'Taken by Bob' },
  DEFAULT_SETTINGS,
  { settings: DEFAULT_SETTINGS },
  { balance: 5_000 },
  { paperBalance: 5_000 },
  { confirm: 'CLOSE ALL' },
];

/** Everything of A's that B's calls could change. */
async function snapshotOfA() {
  const get = async (url: string) => (await call(t.app, 'GET', url, a.token)).json();
  return {
    strategies: await get('/api/strategies'),
    logs: await get('/api/webhook-logs'),
    history: (await get('/api/history?limit=500')).data.events.length,
    settings: await get('/api/settings'),
    trading: await get('/api/trading'),
  };
}

beforeAll(async () => {
  sim = await startTestSimulator();
  t = await createTestApp({ sim });
  a = await signUp(t.app, 'alice-ids@example.com');
  b = await signUp(t.app, 'bob-ids@example.com');
  expect((await call(t.app, 'POST', '/api/keys', a.token, keysBody('A'))).statusCode).toBe(200);
  for (const body of [{ name: 'Alice secret paper', venue: 'paper', paperBalance: 7_777 }, { name: 'Alice secret live' }]) {
    const created = await call(t.app, 'POST', '/api/strategies', a.token, body);
    expect(created.statusCode, created.body).toBe(201);
    mine.push({ id: created.json<{ data: { id: string } }>().data.id, name: body.name });
  }
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe("another user's ids on every route (issue 32, point 4)", () => {
  it("issue 32, point 4: given A's strategy ids, when B calls every route that takes an id with each of them and any body, then never a success, nothing of A's in the answer, and nothing of A's changed", async () => {
    const before = await snapshotOfA();
    const idRoutes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      ({ method, url }) => url.startsWith('/api/') && url.includes(':id') && !['HEAD', 'OPTIONS'].includes(method),
    );
    expect(idRoutes.length).toBeGreaterThanOrEqual(8);
    const tried: string[] = [];
    for (const route of idRoutes) {
      for (const { id } of mine) {
        for (const body of route.method === 'GET' ? [undefined] : BODIES) {
          const url = route.url.replace(':id', id);
          const res = await call(t.app, route.method as 'POST', url, b.token, body);
          const where = `${route.method} ${url} ${JSON.stringify(body) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          tried.push(where);
          expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, where).toBeLessThan(500);
          for (const secret of mine) expect(res.body, where).not.toContain(secret.name);
          expect(res.body, where).not.toContain('7777');
        }
      }
    }
    expect(await snapshotOfA()).toEqual(before);
    expect(tried.length).toBeGreaterThan(50);
    // The same calls on B's own strategy do succeed: the refusals above are about whose id it is.
    const own = (await call(t.app, 'POST', '/api/strategies', b.token, { name: 'Bob live' })).json<{ data: { id: string } }>().data.id;
    expect((await call(t.app, 'PATCH', `/api/strategies/${own}`, b.token, { name: 'Taken by Bob' })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', `/api/strategies/${own}/pause`, b.token)).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/strategies/${own}`, b.token)).statusCode).toBe(200);
  });

  it("issue 32, point 4: given A's strategy ids in the `strategyId` query of every read, when B reads, then only B's own data or a refusal, never A's", async () => {
    const reads = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      ({ method, url }) => method === 'GET' && url.startsWith('/api/') && !url.includes(':') && url !== '/api/live' && !url.startsWith('/api/docs'),
    );
    expect(reads.length).toBeGreaterThan(15);
    for (const route of reads) {
      for (const { id } of mine) {
        const res = await call(t.app, 'GET', `${route.url}?strategyId=${id}`, b.token);
        const where = `GET ${route.url}?strategyId=${id} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        for (const secret of mine) expect(res.body, where).not.toContain(secret.name);
        expect(res.body, where).not.toContain('7777');
        expect(res.body, where).not.toContain(a.uid);
      }
    }
  });
});
