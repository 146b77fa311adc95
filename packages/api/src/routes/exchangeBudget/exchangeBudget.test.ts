import { createMeterMemory, HyperliquidClient, WeightMeter } from '@hyperhook/hyperliquid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '@hyperhook/venue-sim';
import { metricValue, scrapeMetrics } from '../../testing/scrapeMetrics.js';
import { call, createTestApp, keysBody, signUp, startTestSimulator } from '../../testing/testApp.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim?.close();
});

describe('GET /api/exchange-budget and /metrics: the venue per-IP weight budget (issue 14, point 4)', () => {
  it('ROLE-04: given no token, when reading the budget, then 401; without keys, mainnet and no action budget', async () => {
    const t = await createTestApp({ sim });
    try {
      expect((await call(t.app, 'GET', '/api/exchange-budget', null)).statusCode).toBe(401);
      const user = await signUp(t.app);
      expect((await call(t.app, 'GET', '/api/exchange-budget', user.token)).json().data).toMatchObject({ network: 'mainnet', actionBudget: null });
    } finally {
      await t.close();
    }
  });

  it('given keys on testnet and a market read, when reading the budget, then the weight this server sent in the last minute, as the venue charges it, and the same on /metrics', async () => {
    // given: a client of its own, so the weight counted is this test's alone
    const client = new HyperliquidClient({ mainnetApiUrl: 'http://127.0.0.1:9', testnetApiUrl: sim.url, timeoutMs: 2_000, weightBudget: { perMinute: 1_000 } });
    const t = await createTestApp({ sim, hyperliquid: () => client });
    try {
      const user = await signUp(t.app);
      expect((await call(t.app, 'GET', '/api/keys', user.token)).statusCode).toBe(200);
      expect((await call(t.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/api/market/BTC', user.token)).statusCode).toBe(200);
      // when
      const res = await call(t.app, 'GET', '/api/exchange-budget', user.token);
      // then: the key check (extraAgents 20: the API wallet is a named agent, so no userRole) and the
      // market read (meta 20, allMids 2) at least; nothing had to wait in a budget this roomy
      const view = res.json().data;
      expect(res.statusCode).toBe(200);
      expect(view).toMatchObject({ network: 'testnet', budgetPerMinute: 1_000, rateLimited: 0, marketSocketLive: false, waitsLastMinute: 0 });
      expect(view.usedWeight).toBeGreaterThanOrEqual(42);
      expect(view.usedWeight).toBe(client.budget(true).used);
      expect(view.percentOfMinute).toBe(Math.round(view.usedWeight / 10));
      const metrics = await scrapeMetrics(t.app);
      expect(metricValue(metrics, 'hyperhook_exchange_weight_used', { network: 'testnet' })).toBe(view.usedWeight);
      expect(metricValue(metrics, 'hyperhook_exchange_weight_budget', { network: 'testnet' })).toBe(1_000);
      expect(metricValue(metrics, 'hyperhook_exchange_requests_total', { network: 'testnet' })).toBe(client.budget(true).requests);
      expect(metricValue(metrics, 'hyperhook_exchange_weight_used', { network: 'mainnet' })).toBe(0);
      // the user's own action budget, as the venue counts it, read once for many views
      expect(view.actionBudget).toEqual({ used: expect.any(Number), cap: 10_000, percentUsed: 0 });
      const reads = sim.stats().requestsByType['info userRateLimit'];
      await call(t.app, 'GET', '/api/exchange-budget', user.token);
      expect(sim.stats().requestsByType['info userRateLimit']).toBe(reads);
    } finally {
      await t.close();
      await client.close();
    }
  });

  it('issue 28, point 4: given another thread of the process filled the minute, when a market read must wait for room, then the budget counts the requests that waited in the last minute, and 0 once that minute is over', async () => {
    // given: a budget of 100 a minute, shared (as the executor thread shares it) with a meter that
    // has used all of it; a read waits at most 50 ms, and a refused read is not retried. The
    // meters' clock can be moved a minute on.
    let offsetMs = 0;
    const now = () => Date.now() + offsetMs;
    const memory = createMeterMemory();
    const client = new HyperliquidClient({
      mainnetApiUrl: 'http://127.0.0.1:9',
      testnetApiUrl: sim.url,
      timeoutMs: 2_000,
      now,
      weightBudget: { perMinute: 100, memory: { mainnet: memory }, maxWaitMs: 50 },
      backoff: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const t = await createTestApp({ sim, hyperliquid: () => client });
    try {
      const user = await signUp(t.app);
      const before = await call(t.app, 'GET', '/api/exchange-budget', user.token);
      expect(before.json().data).toMatchObject({ network: 'mainnet', waitsLastMinute: 0 });
      expect(new WeightMeter({ budgetPerMinute: 100, memory, now }).tryAcquire(100, 'order')).toBe(true);
      // when: the market read (meta and allMids) finds no room, waits, and is refused
      expect((await call(t.app, 'GET', '/api/market/BTC', user.token)).statusCode).not.toBe(200);
      const res = await call(t.app, 'GET', '/api/exchange-budget', user.token);
      // then: the waits of this minute, as the meter counts them
      const view = res.json().data;
      expect(res.statusCode).toBe(200);
      expect(view).toMatchObject({ network: 'mainnet', percentOfMinute: 100, rateLimited: 0 });
      expect(view.waitsLastMinute).toBeGreaterThan(0);
      expect(view.waitsLastMinute).toBe(client.budget(false).waitedLastMinute);
      // and a minute later, nothing having waited since: 0, though the waits since start remain
      offsetMs += 61_000;
      const later = (await call(t.app, 'GET', '/api/exchange-budget', user.token)).json().data;
      expect(later).toMatchObject({ usedWeight: 0, waitsLastMinute: 0 });
      expect(client.budget(false).waited).toBe(view.waitsLastMinute);
    } finally {
      await t.close();
      await client.close();
    }
  });
});
