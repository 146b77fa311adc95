import { DEFAULT_SETTINGS } from '@hyperhook/domain';
import type { Executor } from '@hyperhook/executor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testing/eventually.js';
import { startTestExecutor } from '../../testing/startTestExecutor.js';
import { call, keysBody, signUp, useTestApp, type TestUser } from '../../testing/testApp.js';

const stack = useTestApp();

type Strategy = {
  id: string;
  name: string;
  webhookUrl: string;
  paused: boolean;
  pausedSince: string | null;
  venue: string;
  settings: typeof DEFAULT_SETTINGS;
  first: boolean;
};
type Log = { webhookLogId: string; status: string; error?: string; strategyId: string; strategyName: string; payload: Record<string, unknown> };

const listOf = async (user: TestUser) => (await call(stack.t.app, 'GET', '/api/strategies', user.token)).json<{ data: Strategy[] }>().data;
const create = async (user: TestUser, name: string) => {
  const res = await call(stack.t.app, 'POST', '/api/strategies', user.token, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Strategy }>().data;
};
const logsOf = async (user: TestUser, query = '') => (await call(stack.t.app, 'GET', `/api/webhook-logs${query}`, user.token)).json<{ data: Log[] }>().data;

let alertCounter = 0;
/** Posts an alert (its own id, so never a re-delivery) to a strategy's URL, as TradingView does. */
async function postTo(webhookUrl: string, alert: Record<string, unknown>) {
  return stack.t.app.inject({
    method: 'POST',
    url: new URL(webhookUrl).pathname,
    payload: JSON.stringify({ id: `st-alert-${++alertCounter}`, ...alert }),
    headers: { 'content-type': 'text/plain' },
  });
}
const logIdOf = (res: Awaited<ReturnType<typeof postTo>>) => res.json<{ data: { logId: string } }>().data.logId;

describe('/api/strategies (issue 29, point 1)', () => {
  it("issue 29, point 1: given a new account, then it has one strategy, the first: the account's webhook URL and settings, active, on the live venue", async () => {
    const user = await signUp(stack.t.app);
    const url = (await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token)).json().data.webhookUrl;
    const settings = (await call(stack.t.app, 'GET', '/api/settings', user.token)).json().data;
    expect(await listOf(user)).toEqual([
      {
        id: 'main',
        name: 'Main',
        webhookUrl: url,
        paused: false,
        pausedSince: null,
        venue: 'live',
        paper: null,
        settings,
        first: true,
        subAccount: null,
        guards: {},
        createdAt: expect.any(String),
      },
    ]);
  });

  it('issue 29, point 1: given a second strategy, then it has its own URL; its alerts are logged under its id and name, and the logs narrow to either strategy', async () => {
    const user = await signUp(stack.t.app);
    const eth = await create(user, '  ETH trend ');
    const [first] = await listOf(user);
    expect(eth).toMatchObject({ name: 'ETH trend', paused: false, first: false, venue: 'live', settings: DEFAULT_SETTINGS });
    expect(eth.webhookUrl).not.toBe(first?.webhookUrl);
    const viaEth = await postTo(eth.webhookUrl, { symbol: 'ETH', action: 'buy' });
    const viaFirst = await postTo(first!.webhookUrl, { symbol: 'BTC', action: 'buy' });
    expect([viaEth.statusCode, viaFirst.statusCode]).toEqual([200, 200]);
    // Intake answers once the alert is recorded; the logs follow as the projector applies it.
    await eventually(async () =>
      expect((await logsOf(user)).map((l) => [l.webhookLogId, l.strategyId, l.strategyName])).toEqual([
        [logIdOf(viaFirst), 'main', 'Main'],
        [logIdOf(viaEth), eth.id, 'ETH trend'],
      ]),
    );
    expect((await logsOf(user, `?strategyId=${eth.id}`)).map((l) => l.webhookLogId)).toEqual([logIdOf(viaEth)]);
    expect((await logsOf(user, '?strategyId=main')).map((l) => l.webhookLogId)).toEqual([logIdOf(viaFirst)]);
    expect((await call(stack.t.app, 'GET', '/api/webhook-logs?strategyId=not%20an%20id', user.token)).statusCode).toBe(400);
  });

  it('issue 29, point 1: the same alert body sent to two strategies is two alerts, not a re-delivery', async () => {
    const user = await signUp(stack.t.app);
    const other = await create(user, 'Copy');
    const [first] = await listOf(user);
    const body = { symbol: 'SOL', action: 'sell', id: 'same-alert' };
    const a = await stack.t.app.inject({
      method: 'POST',
      url: new URL(first!.webhookUrl).pathname,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'text/plain' },
    });
    const b = await stack.t.app.inject({
      method: 'POST',
      url: new URL(other.webhookUrl).pathname,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'text/plain' },
    });
    expect([a.json().data.duplicate, b.json().data.duplicate]).toEqual([undefined, undefined]);
    expect(logIdOf(a)).not.toBe(logIdOf(b));
  });

  it('issue 29, point 1: rename answers the new name; a name in use (in any case) is 409 and a blank one 400, each with its message', async () => {
    const user = await signUp(stack.t.app);
    const s = await create(user, 'Scalper');
    const renamed = await call(stack.t.app, 'PATCH', `/api/strategies/${s.id}`, user.token, { name: 'Swing' });
    expect(renamed.json().data).toMatchObject({ id: s.id, name: 'Swing' });
    const taken = await call(stack.t.app, 'PATCH', `/api/strategies/${s.id}`, user.token, { name: 'main' });
    expect([taken.statusCode, taken.json().error]).toEqual([409, 'A strategy named "main" already exists.']);
    const blank = await call(stack.t.app, 'PATCH', `/api/strategies/${s.id}`, user.token, { name: '  ' });
    expect([blank.statusCode, blank.json().error]).toEqual([400, 'Name is required.']);
    expect((await listOf(user)).map((x) => x.name)).toEqual(['Main', 'Swing']);
  });

  it("issue 29, point 1: a strategy's settings are its own; the first strategy's are the spec's /api/settings, both ways", async () => {
    const user = await signUp(stack.t.app);
    const s = await create(user, 'Big size');
    const big = structuredClone(DEFAULT_SETTINGS);
    big.positionSizing.value = 400;
    const saved = await call(stack.t.app, 'PUT', `/api/strategies/${s.id}/settings`, user.token, big);
    expect(saved.json().data.settings).toEqual(big);
    expect((await call(stack.t.app, 'GET', '/api/settings', user.token)).json().data).toEqual(DEFAULT_SETTINGS);
    const small = structuredClone(DEFAULT_SETTINGS);
    small.positionSizing.value = 20;
    await call(stack.t.app, 'PUT', '/api/settings', user.token, small);
    expect((await listOf(user)).map((x) => x.settings.positionSizing.value)).toEqual([20, 400]);
    await call(stack.t.app, 'PUT', '/api/strategies/main/settings', user.token, big);
    expect((await call(stack.t.app, 'GET', '/api/settings', user.token)).json().data.positionSizing.value).toBe(400);
    const bad = structuredClone(DEFAULT_SETTINGS);
    bad.trading.leverage = 0;
    const refused = await call(stack.t.app, 'PUT', `/api/strategies/${s.id}/settings`, user.token, bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, title: 'Unable to save settings' });
    const reset = await call(stack.t.app, 'POST', `/api/strategies/${s.id}/reset-settings`, user.token);
    expect(reset.json().data.settings).toEqual(DEFAULT_SETTINGS);
  });

  it("issue 29, point 1: regenerating a strategy's URL kills the old one at once and leaves the other strategies' URLs alone", async () => {
    const user = await signUp(stack.t.app);
    const s = await create(user, 'Rotating');
    const [first] = await listOf(user);
    const rotated = (await call(stack.t.app, 'POST', `/api/strategies/${s.id}/regenerate-webhook-secret`, user.token)).json<{ data: Strategy }>().data;
    expect(rotated.webhookUrl).not.toBe(s.webhookUrl);
    expect((await postTo(s.webhookUrl, { symbol: 'BTC', action: 'buy' })).statusCode).toBe(404);
    expect((await postTo(rotated.webhookUrl, { symbol: 'BTC', action: 'buy' })).statusCode).toBe(200);
    expect((await listOf(user))[0]?.webhookUrl).toBe(first?.webhookUrl);
    expect((await postTo(first!.webhookUrl, { symbol: 'BTC', action: 'buy' })).statusCode).toBe(200);
  });

  it('issue 29, point 1: deleting a strategy kills its URL and keeps its logs; the first strategy cannot be deleted', async () => {
    const user = await signUp(stack.t.app);
    const s = await create(user, 'Short lived');
    const logged = logIdOf(await postTo(s.webhookUrl, { symbol: 'BTC', action: 'buy' }));
    await eventually(async () => expect((await logsOf(user)).map((l) => l.webhookLogId)).toContain(logged));
    const deleted = await call(stack.t.app, 'DELETE', `/api/strategies/${s.id}`, user.token);
    expect(deleted.json()).toEqual({ success: true, data: { id: s.id, deleted: true } });
    expect((await postTo(s.webhookUrl, { symbol: 'BTC', action: 'buy' })).statusCode).toBe(404);
    expect((await listOf(user)).map((x) => x.id)).toEqual(['main']);
    expect((await logsOf(user, `?strategyId=${s.id}`)).map((l) => [l.webhookLogId, l.strategyName])).toEqual([[logged, 'Short lived']]);
    const first = await call(stack.t.app, 'DELETE', '/api/strategies/main', user.token);
    expect([first.statusCode, first.json().error]).toEqual([
      409,
      "The first strategy holds the account's own webhook URL and settings; it can be renamed or paused, not deleted.",
    ]);
    expect((await call(stack.t.app, 'POST', `/api/strategies/${s.id}/pause`, user.token)).statusCode).toBe(404);
  });

  it("issue 29, point 8: given two users, then neither sees, renames, pauses, sets, rotates, deletes or reads the logs of the other's strategy", async () => {
    const a = await signUp(stack.t.app);
    const b = await signUp(stack.t.app);
    const mine = await create(a, 'Private');
    logIdOf(await postTo(mine.webhookUrl, { symbol: 'BTC', action: 'buy' }));
    expect((await listOf(b)).map((s) => s.id)).toEqual(['main']);
    const attempts = [
      await call(stack.t.app, 'PATCH', `/api/strategies/${mine.id}`, b.token, { name: 'Stolen' }),
      await call(stack.t.app, 'PUT', `/api/strategies/${mine.id}/settings`, b.token, DEFAULT_SETTINGS),
      await call(stack.t.app, 'POST', `/api/strategies/${mine.id}/pause`, b.token),
      await call(stack.t.app, 'POST', `/api/strategies/${mine.id}/regenerate-webhook-secret`, b.token),
      await call(stack.t.app, 'DELETE', `/api/strategies/${mine.id}`, b.token),
      await call(stack.t.app, 'POST', '/api/orders/preview', b.token, { alert: { symbol: 'BTC', action: 'buy' }, strategyId: mine.id }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await logsOf(b, `?strategyId=${mine.id}`)).toEqual([]);
    expect((await listOf(a)).find((s) => s.id === mine.id)).toMatchObject({ name: 'Private', paused: false, webhookUrl: mine.webhookUrl });
    expect((await postTo(mine.webhookUrl, { symbol: 'BTC', action: 'buy' })).statusCode).toBe(200);
  });

  it('issue 29, point 1: without a token every strategy route is 401', async () => {
    const answers = await Promise.all([
      call(stack.t.app, 'GET', '/api/strategies', null),
      call(stack.t.app, 'POST', '/api/strategies', null, { name: 'x' }),
      call(stack.t.app, 'DELETE', '/api/strategies/main', null),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401]);
  });
});

describe('strategies and the executor (issue 29, points 1 and 8)', () => {
  let executor: Executor;
  beforeAll(async () => {
    executor = await startTestExecutor(stack.t);
  });
  afterAll(async () => {
    await executor.stop();
  });
  const logOf = async (user: TestUser, id: string) => (await logsOf(user)).find((l) => l.webhookLogId === id);

  it('issue 29, point 1: given a paused strategy, its alerts are logged and refused with its name while the other strategy trades; resumed, it trades again', async () => {
    const user = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
    const s = await create(user, 'Paused one');
    const paused = (await call(stack.t.app, 'POST', `/api/strategies/${s.id}/pause`, user.token)).json<{ data: Strategy }>().data;
    expect(paused).toMatchObject({ paused: true, pausedSince: expect.any(String) });
    const [first] = await listOf(user);
    const refused = logIdOf(await postTo(s.webhookUrl, { symbol: 'BTC', action: 'buy', size: 20 }));
    const traded = logIdOf(await postTo(first!.webhookUrl, { symbol: 'BTC', action: 'buy', size: 20 }));
    await eventually(async () =>
      expect(await logOf(user, refused)).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/^Strategy "Paused one" is paused \(since .+ UTC\): this alert was logged and not traded\./),
      }),
    );
    await eventually(async () => expect((await logOf(user, traded))?.status).toBe('executed'));
    const preview = await call(stack.t.app, 'POST', '/api/orders/preview', user.token, { alert: { symbol: 'BTC', action: 'buy', size: 20 }, strategyId: s.id });
    expect(preview.json().data).toMatchObject({ ok: false, code: 'STRATEGY_PAUSED' });
    await call(stack.t.app, 'POST', `/api/strategies/${s.id}/resume`, user.token);
    const again = logIdOf(await postTo(s.webhookUrl, { symbol: 'BTC', action: 'buy', size: 20 }));
    await eventually(async () => expect((await logOf(user, again))?.status).toBe('executed'));
  });

  it("issue 29, point 1: an alert is sized by its own strategy's settings, and the preview for that strategy shows it", async () => {
    const user = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
    const s = await create(user, 'Sized');
    const settings = structuredClone(DEFAULT_SETTINGS);
    settings.positionSizing.value = 37;
    await call(stack.t.app, 'PUT', `/api/strategies/${s.id}/settings`, user.token, settings);
    const [viaStrategy, viaFirst] = await Promise.all(
      [s.id, undefined].map(
        async (strategyId) =>
          (
            await call(stack.t.app, 'POST', '/api/orders/preview', user.token, {
              alert: { symbol: 'ETH', action: 'buy' },
              ...(strategyId ? { strategyId } : {}),
            })
          ).json().data,
      ),
    );
    expect([viaStrategy.plan.requestedUsd, viaFirst.plan.requestedUsd]).toEqual([37, DEFAULT_SETTINGS.positionSizing.value]);
  });

  it("issue 29, point 1: max open positions counts the account's positions, whatever strategy opened them", async () => {
    const user = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('B'))).statusCode).toBe(200);
    const s = await create(user, 'One position');
    const settings = structuredClone(DEFAULT_SETTINGS);
    settings.riskLimits.maxOpenPositions = 1;
    await call(stack.t.app, 'PUT', `/api/strategies/${s.id}/settings`, user.token, settings);
    const [first] = await listOf(user);
    const opened = logIdOf(await postTo(first!.webhookUrl, { symbol: 'BTC', action: 'buy', size: 20 }));
    await eventually(async () => expect((await logOf(user, opened))?.status).toBe('executed'));
    const second = logIdOf(await postTo(s.webhookUrl, { symbol: 'ETH', action: 'buy', size: 20 }));
    await eventually(async () => expect(await logOf(user, second)).toMatchObject({ status: 'failed', error: expect.stringMatching(/open positions/i) }));
  });
});

describe('PUT /api/strategies/:id/filters (issue 42, point 1)', () => {
  const guards = {
    maxAlertAgeSeconds: 30,
    cooldownMinutes: 15,
    tradingWindows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:30', to: '16:00' }],
    timeZone: 'America/New_York',
    direction: 'long',
  };
  const put = (user: TestUser, id: string, body: unknown) => call(stack.t.app, 'PUT', `/api/strategies/${id}/filters`, user.token, body);

  it('given a strategy, when its guards are put, then its view shows them; an empty object removes them', async () => {
    const user = await signUp(stack.t.app);
    const strategy = await create(user, 'Guarded');
    const saved = await put(user, strategy.id, guards);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.guards).toEqual(guards);
    expect((await listOf(user)).find((s) => s.id === strategy.id)).toMatchObject({ guards });
    expect((await put(user, strategy.id, {})).json().data.guards).toEqual({});
  });

  it('given guards out of bounds, an unknown field or a zone that does not exist, when put, then 400 naming the field, and nothing is saved', async () => {
    const user = await signUp(stack.t.app);
    for (const [body, field] of [
      [{ cooldownMinutes: 0 }, 'cooldownMinutes'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ tradingWindows: [{ days: ['mon'], from: '9:30', to: '16:00' }] }, 'tradingWindows'],
      [{ cooldown: 5 }, 'cooldown'],
    ] as const) {
      const res = await put(user, 'main', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(field);
    }
    expect((await listOf(user))[0]).toMatchObject({ guards: {} });
  });

  it("given another user's strategy, when its guards are put, then 404 and theirs are unchanged", async () => {
    const owner = await signUp(stack.t.app);
    const other = await signUp(stack.t.app);
    const strategy = await create(owner, 'Mine');
    const res = await put(other, strategy.id, guards);
    expect(res.statusCode).toBe(404);
    expect((await listOf(owner)).find((s) => s.id === strategy.id)).toMatchObject({ guards: {} });
  });
});

describe('/api/account/filters (issue 42, point 1)', () => {
  it("given an account, when its daily loss limit is put, then it reads back; another user's stays empty; a bad zone is 400", async () => {
    const user = await signUp(stack.t.app);
    const other = await signUp(stack.t.app);
    const saved = await call(stack.t.app, 'PUT', '/api/account/filters', user.token, { dailyLossLimitUsd: 750, timeZone: 'Europe/Berlin' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ dailyLossLimitUsd: 750, timeZone: 'Europe/Berlin' });
    expect((await call(stack.t.app, 'GET', '/api/account/filters', user.token)).json().data).toEqual({ dailyLossLimitUsd: 750, timeZone: 'Europe/Berlin' });
    expect((await call(stack.t.app, 'GET', '/api/account/filters', other.token)).json().data).toEqual({});
    expect((await call(stack.t.app, 'PUT', '/api/account/filters', user.token, { timeZone: 'Nowhere/Land' })).statusCode).toBe(400);
    expect((await call(stack.t.app, 'PUT', '/api/account/filters', user.token, {})).json().data).toEqual({});
  });
});
