import { randomUUID } from 'node:crypto';
import { accountStreamId, parseAlert, signalStreamId, type SignalReceived } from '@hyperhook/domain';
import type { Executor } from '@hyperhook/executor';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testing/eventually.js';
import { postWebhook } from '../../testing/postWebhook.js';
import { receiveSignal } from '../../testing/receiveSignal.js';
import { startTestExecutor } from '../../testing/startTestExecutor.js';
import { ADDRESSES, call, keysBody, signUp, useTestApp, type TestUser } from '../../testing/testApp.js';

const stack = useTestApp();

type LogView = {
  webhookLogId: string;
  status: string;
  createdAt: string;
  executedAt?: string;
  latencyMs?: number;
  error?: string;
  payload: Record<string, unknown>;
  stages: Record<string, string | null>;
};

const list = async (user: TestUser, query = '') => {
  const res = await call(stack.t.app, 'GET', `/api/webhook-logs${query}`, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LogView[] }>().data;
};

/** Records `count` received signals for `uid`, one second apart from `start`, then waits for the read model. */
async function receiveMany(uid: string, count: number, start: number): Promise<{ id: string; receivedAt: string }[]> {
  const signals = [];
  for (let i = 0; i < count; i += 1) {
    const signalId = randomUUID();
    const receivedAt = new Date(start + i * 1000).toISOString();
    const rawBody = JSON.stringify({ symbol: 'ETH', action: 'sell', n: i });
    const parsed = parseAlert(rawBody, 'application/json');
    if (!parsed.ok) throw new Error('test alert must parse');
    const event: SignalReceived = {
      type: 'SignalReceived',
      v: 1,
      data: { signalId, userId: uid, receivedAt, rawBody, contentType: 'application/json', alert: parsed.alert, rejection: null },
    };
    await stack.t.store.eventStore.append(signalStreamId(signalId), [toNewEvent(event)], { expectedVersion: 'no_stream' });
    signals.push({ id: signalId, receivedAt });
  }
  await stack.t.deps.projection.waitFor(await stack.t.store.eventStore.headPosition());
  return signals;
}

describe('GET /api/webhook-logs', () => {
  it('API-28, API-30, ENT-07: given three signals, when listing, then newest receivedAt first as the derived view with stages', async () => {
    const user = await signUp(stack.t.app);
    const ids = [];
    for (const at of ['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:03.000Z', '2026-01-01T00:00:02.000Z']) ids.push(await receiveSignal(stack.t, user.uid, at));
    const logs = await list(user);
    expect(logs.map((l) => l.createdAt)).toEqual(['2026-01-01T00:00:03.000Z', '2026-01-01T00:00:02.000Z', '2026-01-01T00:00:01.000Z']);
    expect(logs[0]).toMatchObject({
      webhookLogId: ids[1],
      status: 'received',
      payload: expect.objectContaining({ symbol: 'BTC', action: 'buy' }),
      stages: { received: '2026-01-01T00:00:03.000Z' },
    });
    expect(await list(user, '?limit=2')).toHaveLength(2);
  });

  it('CONST-02, API-28, TAB-LOGS-04: given 205 stored logs, when listing without a limit, then the 200 most recent, newest first', async () => {
    // given
    const user = await signUp(stack.t.app);
    const signals = await receiveMany(user.uid, 205, Date.parse('2026-03-01T00:00:00.000Z'));
    // when
    const logs = await list(user);
    // then
    const newestFirst = [...signals].reverse();
    expect(logs).toHaveLength(200);
    expect(logs.map((l) => l.webhookLogId)).toEqual(newestFirst.slice(0, 200).map((s) => s.id));
    expect(logs.map((l) => l.createdAt)).toEqual(newestFirst.slice(0, 200).map((s) => s.receivedAt));
  });

  it('CONST-02: given limit 201 or 0, when listing, then 400 naming limit', async () => {
    const user = await signUp(stack.t.app);
    for (const limit of [201, 0]) {
      const res = await call(stack.t.app, 'GET', `/api/webhook-logs?limit=${limit}`, user.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('limit') });
    }
  });

  it('TAB-LOGS-16, STATE-02: given an unknown status, when filtering, then 400 naming status', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'GET', '/api/webhook-logs?status=done', user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('status') });
  });
});

describe('GET /api/webhook-logs after the executor ran', () => {
  let executor: Executor;
  let user: TestUser;
  let executedId: string;
  let failedId: string;
  let receivedId: string;

  beforeAll(async () => {
    user = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
    // Recorded before the executor starts and too old to trade: it stays received until the executor runs.
    receivedId = await receiveSignal(stack.t, user.uid, '2026-01-01T00:00:00.000Z', 'SOL');
    executor = await startTestExecutor(stack.t);
    executedId = await postWebhook(stack.t.app, user.token, { symbol: 'BINANCE:BTCUSDT.P', action: 'buy', size: '50', leverage: 2 });
    failedId = await postWebhook(stack.t.app, user.token, { symbol: 'ETH', action: 'buy', size: '5' });
    // All three listed and settled: an empty list (the projection not caught up yet) is not "all settled".
    await eventually(async () => {
      const statuses = (await list(user)).map((l) => l.status);
      expect(statuses).toHaveLength(3);
      expect(statuses.every((status) => status === 'executed' || status === 'failed')).toBe(true);
    });
  });
  afterAll(async () => {
    await executor?.stop();
  });

  it('TAB-LOGS-35, TAB-LOGS-40, CONST-03, STATE-02: given an order the exchange filled, when listing, then status executed with executedAt, latencyMs = executedAt − createdAt and every stage stamped in order', async () => {
    const log = (await list(user)).find((l) => l.webhookLogId === executedId);
    expect(log).toMatchObject({ status: 'executed', payload: expect.objectContaining({ symbol: 'BINANCE:BTCUSDT.P', action: 'buy' }) });
    expect(log?.error).toBeUndefined();
    const executedAt = Date.parse(log?.executedAt ?? '');
    const createdAt = Date.parse(log?.createdAt ?? '');
    expect(executedAt).toBeGreaterThanOrEqual(createdAt);
    expect(log?.latencyMs).toBe(executedAt - createdAt);
    const stages = ['received', 'validated', 'sized', 'signed', 'sent', 'acknowledged', 'filled'].map((stage) => log?.stages[stage] ?? null);
    expect(
      stages.every((at) => at !== null),
      JSON.stringify(log?.stages),
    ).toBe(true);
    const times = stages.map((at) => Date.parse(at ?? ''));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(log?.stages.received).toBe(log?.createdAt);
    expect(log?.stages.acknowledged).toBe(log?.executedAt);
  });

  it("TAB-LOGS-39, STATE-02: given an order below the $10 minimum, when listing, then status failed with the executor's reason and no executedAt or latency", async () => {
    const log = (await list(user)).find((l) => l.webhookLogId === failedId);
    expect(log).toMatchObject({ status: 'failed', error: expect.stringContaining("below Hyperliquid's $10.00 minimum") });
    expect(log?.executedAt).toBeUndefined();
    expect(log?.latencyMs).toBeUndefined();
    expect(log?.stages.signed).toBeNull();
    expect(log?.stages.sent).toBeNull();
  });

  it("PROD-01, PROD-02: given a trader who signed up, saved an API wallet and posted a TradingView alert to its own webhook URL, when the executor has run, then the order is on the trader's Hyperliquid perpetuals account, and the trader sees the alert executed with its fill in the history and the open position", async () => {
    // given (beforeAll): sign-up, POST /api/keys for main account A, GET /api/auth/webhook-url, POST /hook/<secret> {BTC buy, $50, 2x}
    // when: the exchange is read directly, not through the gateway
    const onExchange = await stack.t.client.getAccountSnapshot({ accountAddress: ADDRESSES.masterA, isTestnet: true });
    // then: A's only position is the alert's BTC long (nothing else trades A on this simulator)
    expect(onExchange.positions.map((p) => [p.coin, Math.sign(p.szi)])).toEqual([['BTC', 1]]);
    const btc = onExchange.positions[0];
    // the history shows the alert executed with its fill…
    const log = (await list(user)).find((l) => l.webhookLogId === executedId);
    expect(log).toMatchObject({ status: 'executed', payload: expect.objectContaining({ symbol: 'BINANCE:BTCUSDT.P', action: 'buy' }) });
    expect(log?.stages.filled).toEqual(expect.any(String));
    // …and the positions the trader watches hold that long, as the exchange has it.
    const synced = await call(stack.t.app, 'GET', '/api/positions/sync', user.token);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().data).toEqual([expect.objectContaining({ symbol: 'BTC', side: 'long', size: btc?.szi, entryPrice: btc?.entryPx })]);
    expect((await call(stack.t.app, 'GET', '/api/positions', user.token)).json().data).toEqual(synced.json().data);
  });

  it('TAB-LOGS-16, TAB-LOGS-17, API-28: given executed and failed logs, when filtering by status, then only that status, newest first; without a filter, all', async () => {
    const all = await list(user);
    expect(all.map((l) => l.webhookLogId).sort()).toEqual([executedId, failedId, receivedId].sort());
    expect((await list(user, '?status=executed')).map((l) => l.webhookLogId)).toEqual([executedId]);
    const failed = await list(user, '?status=failed');
    // The stale signal recorded before the executor started failed too; newest receivedAt first.
    expect(failed.map((l) => l.webhookLogId)).toEqual([failedId, receivedId]);
    expect(failed.every((l) => l.status === 'failed')).toBe(true);
    expect(await list(user, '?status=received')).toEqual([]);
    expect(await list(user, '?status=executed&limit=1')).toHaveLength(1);
  });
});

describe('GET /api/webhook-logs/refusals (issue 32, point 2)', () => {
  it('issue 32, point 2: given alerts counted past the logging ceiling for one user, then they read their totals by reason and the latest count; another user reads none of them', async () => {
    // given
    const owner = await signUp(stack.t.app);
    const other = await signUp(stack.t.app);
    const counted = (reason: 'rateLimited' | 'sourceNotAllowed', count: number, from: string, to: string) =>
      toNewEvent({ type: 'AlertsRefused', v: 1, data: { reason, count, from, to } });
    await stack.t.store.eventStore.append(accountStreamId(owner.uid), [
      counted('rateLimited', 300, '2026-11-29T10:00:00.000Z', '2026-11-29T10:01:00.000Z'),
      counted('sourceNotAllowed', 4, '2026-11-29T10:01:00.000Z', '2026-11-29T10:02:00.000Z'),
    ]);
    await stack.t.deps.projection.waitFor(await stack.t.store.eventStore.headPosition());
    // when
    const mine = await call(stack.t.app, 'GET', '/api/webhook-logs/refusals', owner.token);
    const theirs = await call(stack.t.app, 'GET', '/api/webhook-logs/refusals', other.token);
    // then
    expect(mine.json()).toEqual({
      success: true,
      data: {
        total: 304,
        rateLimited: 300,
        sourceNotAllowed: 4,
        since: '2026-11-29T10:00:00.000Z',
        last: { reason: 'sourceNotAllowed', count: 4, strategyId: null, from: '2026-11-29T10:01:00.000Z', to: '2026-11-29T10:02:00.000Z' },
      },
    });
    expect(theirs.json()).toEqual({ success: true, data: { total: 0, rateLimited: 0, sourceNotAllowed: 0, since: null, last: null } });
    expect((await call(stack.t.app, 'GET', '/api/webhook-logs/refusals', null)).statusCode).toBe(401);
  });
});
