import { DEFAULT_SETTINGS, inMemoryReader, readLiveSnapshot } from '@hyperhook/domain';
import { stateAsOf } from '@hyperhook/eventsourcing';
import { describe, expect, it } from 'vitest';
import { call, keysBody, signUp, useTestApp, type TestUser } from '../../testing/testApp.js';

const stack = useTestApp();

const get = async <T>(user: TestUser, path: string): Promise<T> => {
  const res = await call(stack.t.app, 'GET', path, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
};
const asOf = (user: TestUser, at: Date) =>
  get<Record<string, unknown> & { position: number; events: number }>(user, `/api/history/state?at=${encodeURIComponent(at.toISOString())}`);
const settingsWith = (value: number) => ({ ...DEFAULT_SETTINGS, positionSizing: { mode: 'fixed', value } });
const pause = () => new Promise((resolve) => setTimeout(resolve, 25));

async function alert(user: TestUser, symbol: string): Promise<string> {
  const url = await get<{ webhookUrl: string }>(user, '/api/auth/webhook-url');
  const res = await stack.t.app.inject({
    method: 'POST',
    url: new URL(url.webhookUrl).pathname,
    payload: JSON.stringify({ symbol, action: 'buy', size: 50 }),
    headers: { 'content-type': 'text/plain' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { logId: string } }>().data.logId;
}

describe('GET /api/history/state?at= (issue 31, point 2: my account as it was)', () => {
  it('issue 31, point 2: given settings changed and an alert after a moment, when asking for that moment and for now, then each is the dashboard of then, the same as `replay --until` folds from the whole log, and now is what the reads answer', async () => {
    // given
    const alice = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'POST', '/api/keys', alice.token, keysBody('A'))).statusCode).toBe(200);
    expect((await call(stack.t.app, 'PUT', '/api/settings', alice.token, settingsWith(111))).statusCode).toBe(200);
    await pause();
    const before = new Date();
    await pause();
    expect((await call(stack.t.app, 'PUT', '/api/settings', alice.token, settingsWith(222))).statusCode).toBe(200);
    const logId = await alert(alice, 'ETH');
    await pause();
    const now = new Date();
    // when
    const then = await asOf(alice, before);
    const current = await asOf(alice, now);
    // then: then, the first settings and no alert; now, the second and the alert
    expect(then.settings).toMatchObject({ positionSizing: { mode: 'fixed', value: 111 } });
    expect(then.webhookLogs).toEqual([]);
    expect(current.settings).toEqual(await get(alice, '/api/settings'));
    expect(current.keys).toEqual(await get(alice, '/api/keys'));
    expect((current.webhookLogs as { webhookLogId: string }[]).map((log) => log.webhookLogId)).toEqual([logId]);
    expect(current.webhookLogs).toEqual(await get(alice, '/api/webhook-logs'));
    expect(current.events).toBeGreaterThan(then.events);
    // and both are what the code of `replay --until` folds from the whole log, for alice
    for (const [moment, answer] of [
      [before, then],
      [now, current],
    ] as const) {
      const whole = await stateAsOf({ store: stack.t.store, until: moment, userId: alice.uid });
      const { asOf: _asOf, position: _position, events: _events, ...dashboard } = answer;
      expect(dashboard).toEqual(JSON.parse(JSON.stringify(await readLiveSnapshot(inMemoryReader(whole.collections), alice.uid))));
    }
  });

  it('issue 31, point 2, ROLE-03: given two users, when each asks for now, then each sees only their own settings and logs', async () => {
    const alice = await signUp(stack.t.app);
    const bob = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'PUT', '/api/settings', bob.token, settingsWith(333))).statusCode).toBe(200);
    const alices = await alert(alice, 'BTC');
    const bobs = await alert(bob, 'SOL');
    await pause();
    const now = new Date();

    const forAlice = await asOf(alice, now);
    const forBob = await asOf(bob, now);

    expect((forAlice.webhookLogs as { webhookLogId: string }[]).map((log) => log.webhookLogId)).toEqual([alices]);
    expect((forBob.webhookLogs as { webhookLogId: string }[]).map((log) => log.webhookLogId)).toEqual([bobs]);
    expect(forAlice.settings).toEqual(DEFAULT_SETTINGS);
    expect(forBob.settings).toMatchObject({ positionSizing: { value: 333 } });
  });

  it('issue 31, point 2: given no token or a moment that is not a time, then 401 and 400', async () => {
    const user = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'GET', '/api/history/state?at=2026-01-01T00:00:00Z', null)).statusCode).toBe(401);
    expect((await call(stack.t.app, 'GET', '/api/history/state?at=yesterday', user.token)).statusCode).toBe(400);
  });
});
