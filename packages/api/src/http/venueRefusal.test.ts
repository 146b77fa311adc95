import { createMeterMemory, HyperliquidClient, WeightMeter } from '@hyperhook/hyperliquid';
import type { Simulator } from '@hyperhook/venue-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, keysBody, seedFreshAccount, signUp, startTestSimulator, type TestApp } from '../testing/testApp.js';

const HONEST = /^hyperhook is at Hyperliquid's request limit for this server; try again in (\d+) s\.$/;

describe("honest refusals: this server's own budget, said as such, on every route that reads the venue (issue 28, point 3)", () => {
  let sim: Simulator;
  let t: TestApp;
  let client: HyperliquidClient;
  let fill: () => void;
  beforeAll(async () => {
    sim = await startTestSimulator();
    // The process's meter memory, shared (as the executor thread shares it) with one that can use up the minute.
    const memory = createMeterMemory();
    fill = () => void new WeightMeter({ budgetPerMinute: 1_000, memory }).charge(1_000);
    client = new HyperliquidClient({
      testnetApiUrl: sim.url,
      mainnetApiUrl: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
      readPriority: 'interactive',
      weightBudget: { perMinute: 1_000, memory: { testnet: memory }, maxWaitMs: 100 },
    });
    t = await createTestApp({ sim, hyperliquid: () => client });
  });
  afterAll(async () => {
    await t.close();
    await client.close();
    await sim.close();
  });

  it("given keys saved, then the budget used up by other work, when each route that reads the venue is called, then 429, Retry-After in seconds and a message that names this server's limit, and the venue was not asked", async () => {
    // given
    const user = await signUp(t.app);
    expect((await call(t.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
    const newcomer = await signUp(t.app);
    const fresh = seedFreshAccount(sim, 1_000);
    fill();
    const asked = JSON.stringify(sim.stats().requestsByType);
    // when
    const answers = {
      'POST /api/keys': await call(t.app, 'POST', '/api/keys', newcomer.token, fresh.keys),
      'GET /api/balance?refresh=true': await call(t.app, 'GET', '/api/balance?refresh=true', user.token),
      'GET /api/positions/sync': await call(t.app, 'GET', '/api/positions/sync', user.token),
      'POST /api/orders/preview': await call(t.app, 'POST', '/api/orders/preview', user.token, { alert: { symbol: 'ETH', action: 'buy', size: 50 } }),
      'GET /api/market/ETH': await call(t.app, 'GET', '/api/market/ETH', user.token),
    };
    // then
    for (const [route, res] of Object.entries(answers)) {
      expect(res.statusCode, route).toBe(429);
      const { error, code } = res.json();
      expect(error, route).toMatch(HONEST);
      expect(code, route).toBe(route === 'POST /api/keys' ? 'busy' : 'budgetExhausted');
      expect(error, route).not.toMatch(/could not be (reached|read)/);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter, route).toBeGreaterThanOrEqual(1);
      expect(retryAfter, route).toBeLessThanOrEqual(61);
      expect(Number(HONEST.exec(error)?.[1]), route).toBe(retryAfter);
    }
    expect(JSON.stringify(sim.stats().requestsByType)).toBe(asked);
    // and nothing was saved for the newcomer
    expect((await call(t.app, 'GET', '/api/keys', newcomer.token)).json().data).toMatchObject({ configured: false });
  });

  it('given the venue failing or out of reach, when keys are saved, then 503 saying which, never the budget: "could not be reached" only when it is true', async () => {
    const plain = await createTestApp({ sim });
    try {
      const user = await signUp(plain.app);
      sim.injectFault({ endpoint: 'info', kind: 'http5xx', count: 50 });
      let res;
      try {
        res = await call(plain.app, 'POST', '/api/keys', user.token, seedFreshAccount(sim, 100).keys);
      } finally {
        sim.clearFaults();
      }
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'venueError',
        error: expect.stringMatching(/^Hyperliquid testnet answered the API wallet check with a server error \(HTTP 5\d\d\)\. Try again in a moment\.$/),
      });
      // mainnet is a closed port here: nothing answers
      const unreachable = await call(plain.app, 'POST', '/api/keys', user.token, { ...seedFreshAccount(sim, 100).keys, isTestnet: false });
      expect(unreachable.statusCode).toBe(503);
      expect(unreachable.json()).toMatchObject({
        code: 'unreachable',
        error: 'Hyperliquid mainnet could not be reached to check the API wallet. Try again in a moment.',
      });
      expect(unreachable.headers['retry-after']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
