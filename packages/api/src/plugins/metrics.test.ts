import { startExecutor, silentLog, type Executor } from '@hyperhook/executor';
import type { Simulator } from '@hyperhook/venue-sim';
import { startProjector, type Projector } from '@hyperhook/projector';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricValue, scrapeMetrics } from '../testing/scrapeMetrics.js';
import { call, createTestApp, keysBody, signUp, startTestSimulator, type TestApp, type TestUser } from '../testing/testApp.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim?.close();
});

const SIGNALS = 'hyperhook_signals_total';
const ACKS = 'hyperhook_webhook_acks_total';
const LAG = 'hyperhook_projection_lag_events';
const STATUSES = ['received', 'validating', 'executing', 'executed', 'failed'] as const;

async function webhookPath(app: FastifyInstance, user: TestUser): Promise<string> {
  const url: string = (await call(app, 'GET', '/api/auth/webhook-url', user.token)).json().data.webhookUrl;
  return new URL(url).pathname;
}

function postAlert(app: FastifyInstance, path: string, body: string) {
  return app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'text/plain' } });
}

/** The user's webhook logs once none is in flight any more. */
async function settledLogs(app: FastifyInstance, user: TestUser, count: number): Promise<{ status: string }[]> {
  const until = Date.now() + 15_000;
  for (;;) {
    const logs: { status: string }[] = (await call(app, 'GET', '/api/webhook-logs', user.token)).json().data;
    if (logs.length === count && logs.every((log) => log.status === 'executed' || log.status === 'failed')) return logs;
    if (Date.now() > until) throw new Error(`logs did not settle: ${JSON.stringify(logs.map((log) => log.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('/metrics: signals by status and webhook acks', () => {
  let t: TestApp;
  let executor: Executor;
  beforeAll(async () => {
    t = await createTestApp({ sim });
    executor = await startExecutor({ store: t.store, client: t.client, sealer: t.deps.sealers.credentials, log: silentLog });
  });
  afterAll(async () => {
    await executor?.stop();
    await t?.close();
  });

  it('STATE-02: given a webhook that executes on the simulator, one without keys, a malformed one and a re-delivery, when scraping twice, then each status is counted once per signal that reached it, and re-deliveries only as the "duplicate" ack', async () => {
    // given: one user with approved keys, one without
    const trader = await signUp(t.app);
    expect((await call(t.app, 'POST', '/api/keys', trader.token, keysBody('A'))).statusCode).toBe(200);
    const keyless = await signUp(t.app);
    const traderPath = await webhookPath(t.app, trader);
    const keylessPath = await webhookPath(t.app, keyless);

    // when
    const alert = '{"symbol":"BTC","action":"buy","size":"100","id":"metrics-exec-1"}';
    expect((await postAlert(t.app, traderPath, alert)).statusCode).toBe(200);
    expect((await postAlert(t.app, traderPath, alert)).json().data.duplicate).toBe(true);
    expect((await postAlert(t.app, keylessPath, '{"symbol":"ETH","action":"sell","size":"50"}')).statusCode).toBe(200);
    expect((await postAlert(t.app, keylessPath, 'not an alert')).statusCode).toBe(400);
    expect((await postAlert(t.app, '/hook/no-such-secret', alert)).statusCode).toBe(404);
    const traderLogs = await settledLogs(t.app, trader, 1);
    const keylessLogs = await settledLogs(t.app, keyless, 2);
    const first = await scrapeMetrics(t.app);
    const second = await scrapeMetrics(t.app);

    // then: the read model agrees with what the counts say
    expect(traderLogs.map((log) => log.status)).toEqual(['executed']);
    expect(keylessLogs.map((log) => log.status)).toEqual(['failed', 'failed']);
    const expected = { received: 3, validating: 2, executing: 1, executed: 1, failed: 2 };
    for (const samples of [first, second]) {
      for (const status of STATUSES) expect(metricValue(samples, SIGNALS, { status }), status).toBe(expected[status]);
      expect(metricValue(samples, ACKS, { outcome: 'accepted' })).toBe(2);
      expect(metricValue(samples, ACKS, { outcome: 'duplicate' })).toBe(1);
      expect(metricValue(samples, ACKS, { outcome: 'malformed' })).toBe(1);
      expect(metricValue(samples, ACKS, { outcome: 'not_found' })).toBe(1);
    }
    // Only the documented labels: no status or outcome outside the read model's and the ingress's sets.
    expect(
      first
        .filter((s) => s.name === SIGNALS)
        .map((s) => s.labels.status)
        .sort(),
    ).toEqual([...STATUSES].sort());
    expect(
      first
        .filter((s) => s.name === ACKS)
        .map((s) => s.labels.outcome)
        .sort(),
    ).toEqual(['accepted', 'duplicate', 'malformed', 'not_found']);
  });
});

describe('/metrics: projection lag and request latency', () => {
  it('given the projector stopped while webhooks arrive, when scraping, then the lag is the events it has not applied; once a projector catches up, then 0', async () => {
    let projector: Projector | undefined;
    const t = await createTestApp({ sim, projection: (store) => (projector = startProjector({ store, onSkip: () => undefined })) });
    let next: Projector | undefined;
    try {
      // given: caught up
      const user = await signUp(t.app);
      const path = await webhookPath(t.app, user);
      const caughtUp = await scrapeMetrics(t.app);
      expect(caughtUp.some((s) => s.name === LAG)).toBe(true);
      expect(metricValue(caughtUp, LAG)).toBe(0);

      // when: the projector stops and three webhooks are recorded
      await projector?.stop();
      const before = await t.store.eventStore.headPosition();
      for (const symbol of ['BTC', 'ETH', 'SOL']) expect((await postAlert(t.app, path, `{"symbol":"${symbol}","action":"buy"}`)).statusCode).toBe(200);
      const head = await t.store.eventStore.headPosition();
      const behind = await scrapeMetrics(t.app);

      // then
      expect(head - before).toBeGreaterThanOrEqual(3);
      expect(metricValue(behind, LAG)).toBe(head - before);

      // when: another projector (not the app's: the lag is read from the store) catches up
      next = startProjector({ store: t.store, onSkip: () => undefined });
      await next.caughtUp;
      // then
      expect(metricValue(await scrapeMetrics(t.app), LAG)).toBe(0);
    } finally {
      await next?.stop();
      await t.close();
    }
  });

  it('given two calls of a route, when scraping, then the latency histogram has exactly two samples labelled by the route pattern, never by the URL', async () => {
    const t = await createTestApp({ sim });
    try {
      const user = await signUp(t.app);
      const labels = { method: 'GET', route: '/api/positions/:symbol', status_code: '404' };
      const before = metricValue(await scrapeMetrics(t.app), 'hyperhook_http_request_duration_seconds_count', labels);
      await call(t.app, 'GET', '/api/positions/ETH', user.token);
      await call(t.app, 'GET', '/api/positions/BTC', user.token);
      const after = await scrapeMetrics(t.app);
      expect(before).toBe(0);
      expect(metricValue(after, 'hyperhook_http_request_duration_seconds_count', labels)).toBe(2);
      expect(metricValue(after, 'hyperhook_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
      expect(metricValue(after, 'hyperhook_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(2);
      expect(after.some((s) => s.labels.route?.includes('ETH'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
