import type { Executor } from '@hyperhook/executor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testing/eventually.js';
import { postWebhook } from '../../testing/postWebhook.js';
import { startTestExecutor } from '../../testing/startTestExecutor.js';
import { call, keysBody, signUp, useTestApp, type TestUser } from '../../testing/testApp.js';

const stack = useTestApp();

const logOf = async (user: TestUser, logId: string) =>
  (await call(stack.t.app, 'GET', '/api/webhook-logs', user.token))
    .json<{ data: { webhookLogId: string; status: string; error?: string }[] }>()
    .data.find((log) => log.webhookLogId === logId);

describe('the kill switch: /api/trading, pause-all and resume-all (issue 29, point 4)', () => {
  let executor: Executor;
  beforeAll(async () => {
    executor = await startTestExecutor(stack.t);
  });
  afterAll(async () => {
    await executor.stop();
  });

  it('given trading runs, when the trader pauses all, then it is paused since that moment, a second pause keeps that moment, and another user is untouched', async () => {
    const user = await signUp(stack.t.app);
    const other = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'GET', '/api/trading', user.token)).json()).toEqual({ success: true, data: { paused: false, pausedSince: null } });
    const paused = await call(stack.t.app, 'POST', '/api/trading/pause-all', user.token);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data).toMatchObject({ paused: true, pausedSince: expect.any(String) });
    expect((await call(stack.t.app, 'POST', '/api/trading/pause-all', user.token)).json().data).toEqual(paused.json().data);
    expect((await call(stack.t.app, 'GET', '/api/trading', other.token)).json().data).toEqual({ paused: false, pausedSince: null });
    // an auditor sees it in the log
    const events = await stack.t.store.eventStore.readStream(`user-${user.uid}`);
    expect(events.filter((e) => e.type === 'TradingPaused')).toHaveLength(1);
  });

  it('given all trading paused, when an alert comes, then it is logged, marked paused and not traded; after resume-all the next alert trades', async () => {
    const user = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
    await call(stack.t.app, 'POST', '/api/trading/pause-all', user.token);
    const ordersBefore = stack.sim.stats().ordersAccepted;
    // when
    const pausedId = await postWebhook(stack.t.app, user.token, { symbol: 'BTC', action: 'buy', size: 50, leverage: 2, id: 'paused-1' });
    // then
    await eventually(async () =>
      expect(await logOf(user, pausedId)).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/^Trading is paused \(all trading stopped at .+ UTC\): this alert was logged and not traded\./),
      }),
    );
    expect(stack.sim.stats().ordersAccepted).toBe(ordersBefore);
    const preview = await call(stack.t.app, 'POST', '/api/orders/preview', user.token, { alert: { symbol: 'BTC', action: 'buy', size: 50 } });
    expect(preview.json().data).toMatchObject({ ok: false, code: 'TRADING_PAUSED' });
    // when resumed
    expect((await call(stack.t.app, 'POST', '/api/trading/resume-all', user.token)).json().data).toEqual({ paused: false, pausedSince: null });
    const tradedId = await postWebhook(stack.t.app, user.token, { symbol: 'BTC', action: 'buy', size: 50, leverage: 2, id: 'resumed-1' });
    await eventually(async () => expect((await logOf(user, tradedId))?.status).toBe('executed'));
    expect(stack.sim.stats().ordersAccepted).toBe(ordersBefore + 1);
  });

  it('given no token, when pausing, then 401', async () => {
    expect((await call(stack.t.app, 'POST', '/api/trading/pause-all', null)).statusCode).toBe(401);
  });
});
