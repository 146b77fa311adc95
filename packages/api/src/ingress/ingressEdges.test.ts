import { signalStreamId } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp, type TestUser } from '../testing/testApp.js';

const stack = useTestApp();

type LogView = { webhookLogId: string; status: string; error?: string; payload: unknown };

async function hookPathOf(user: TestUser): Promise<string> {
  const res = await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token);
  return new URL(res.json<{ data: { webhookUrl: string } }>().data.webhookUrl).pathname;
}

function post(path: string, body: string, contentType?: string) {
  return stack.t.app.inject({ method: 'POST', url: path, payload: body, headers: contentType === undefined ? {} : { 'content-type': contentType } });
}

/** The user's logs once the projector has caught up with everything appended so far. */
async function logsOf(user: TestUser): Promise<LogView[]> {
  await stack.t.deps.projection.waitFor(await stack.t.store.eventStore.headPosition());
  const res = await call(stack.t.app, 'GET', '/api/webhook-logs', user.token);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: LogView[] }>().data;
}

async function signalsReceivedBy(uid: string): Promise<string[]> {
  const events = await stack.t.store.eventStore.readAll({ filter: { streamPrefix: 'signal-' }, maxCount: 100_000 });
  return events.filter((e) => e.type === 'SignalReceived' && (e.data as { userId?: string }).userId === uid).map((e) => e.streamId);
}

const logIdOf = (res: { json: () => unknown }) => (res.json() as { data: { logId: string } }).data.logId;

describe('webhook ingress edges through the whole gateway (buildApp)', () => {
  it('API-31, CARD-32, STATE-02: given TradingView’s text/plain body, when posted, then 200 with a logId and the log shows it received with the parsed payload', async () => {
    // given
    const user = await signUp(stack.t.app);
    const path = await hookPathOf(user);
    // when
    const res = await post(path, '{"symbol":"BTCUSDT","action":"buy","size":"25"}', 'text/plain; charset=utf-8');
    // then
    expect(res.statusCode).toBe(200);
    const logs = await logsOf(user);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ webhookLogId: logIdOf(res), status: 'received', payload: expect.objectContaining({ symbol: 'BTCUSDT', action: 'buy' }) });
  });

  it('API-31: given a wrong content type (form-encoded) and none at all, when a JSON alert is posted, then both are read as the alert', async () => {
    // given
    const user = await signUp(stack.t.app);
    const path = await hookPathOf(user);
    // when
    const form = await post(path, '{"symbol":"ETH","action":"sell"}', 'application/x-www-form-urlencoded');
    const none = await post(path, '{"symbol":"SOL","action":"buy"}');
    // then
    expect([form.statusCode, none.statusCode]).toEqual([200, 200]);
    const symbols = (await logsOf(user)).map((l) => (l.payload as { symbol: string }).symbol).sort();
    expect(symbols).toEqual(['ETH', 'SOL']);
  });

  it('API-31, ERR-01: given a body over 64 KiB, when posted, then 413 in the envelope and nothing is appended', async () => {
    // given
    const user = await signUp(stack.t.app);
    const path = await hookPathOf(user);
    const before = await stack.t.store.eventStore.headPosition();
    // when
    const res = await post(path, JSON.stringify({ symbol: 'BTC', action: 'buy', pad: 'x'.repeat(64 * 1024) }), 'application/json');
    // then
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: 'Webhook body is larger than 64 KiB' });
    expect(await stack.t.store.eventStore.headPosition()).toBe(before);
    expect(await logsOf(user)).toEqual([]);
  });

  it('API-31, ERR-01, ENT-06: given an alert without a symbol, when posted, then 400 with the reason, and the log shows the signal failed with that reason', async () => {
    // given
    const user = await signUp(stack.t.app);
    const path = await hookPathOf(user);
    // when
    const res = await post(path, '{"action":"buy","size":"25"}', 'text/plain');
    // then
    expect(res.statusCode).toBe(400);
    const body = res.json<{ success: boolean; error: string; logId: string }>();
    expect(body).toMatchObject({ success: false, error: expect.stringMatching(/symbol/i), logId: expect.any(String) });
    const logs = await logsOf(user);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ webhookLogId: body.logId, status: 'failed', error: body.error });
  });

  it('API-31, ROLE-02: given an unknown secret, when posted, then 404 and nothing is recorded or logged for anyone', async () => {
    // given
    const user = await signUp(stack.t.app);
    const before = await stack.t.store.eventStore.headPosition();
    // when
    const res = await post('/hook/this-secret-was-never-issued', '{"symbol":"BTC","action":"buy"}', 'text/plain');
    // then
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Not found' });
    expect(await stack.t.store.eventStore.headPosition()).toBe(before);
    expect(await logsOf(user)).toEqual([]);
  });

  it('API-07, STATE-11: given a rotated webhook URL, when alerts are posted, then the old URL answers 404 without a log and the new URL 200', async () => {
    // given
    const user = await signUp(stack.t.app);
    const oldPath = await hookPathOf(user);
    const rotated = await call(stack.t.app, 'POST', '/api/auth/regenerate-webhook-secret', user.token);
    const newPath = new URL(rotated.json<{ data: { webhookUrl: string } }>().data.webhookUrl).pathname;
    // when
    const old = await post(oldPath, '{"symbol":"BTC","action":"buy"}', 'text/plain');
    const fresh = await post(newPath, '{"symbol":"ETH","action":"buy"}', 'text/plain');
    // then
    expect(newPath).not.toBe(oldPath);
    expect(old.statusCode).toBe(404);
    expect(fresh.statusCode).toBe(200);
    const logs = await logsOf(user);
    expect(logs.map((l) => l.webhookLogId)).toEqual([logIdOf(fresh)]);
  });

  it('API-31, CARD-13: given an alert re-delivered with the same explicit id (even with another body), when posted, then 200 with the original logId and exactly one SignalReceived', async () => {
    // given
    const user = await signUp(stack.t.app);
    const path = await hookPathOf(user);
    // when
    const first = await post(path, '{"id":"tv-42","symbol":"BTC","action":"buy","size":"25"}', 'text/plain');
    const again = await post(path, '{"id":"tv-42","symbol":"BTC","action":"buy","size":"26"}', 'text/plain');
    // then
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual({ success: true, data: { logId: logIdOf(first), duplicate: true } });
    expect(await signalsReceivedBy(user.uid)).toEqual([signalStreamId(logIdOf(first))]);
    expect((await logsOf(user)).map((l) => l.webhookLogId)).toEqual([logIdOf(first)]);
  });

  it('API-31, CARD-13: given the same body without an id re-delivered at once, when posted, then 200 with the original logId and exactly one SignalReceived', async () => {
    // given
    const user = await signUp(stack.t.app);
    const path = await hookPathOf(user);
    const body = '{"symbol":"ETH","action":"sell","size":"40"}';
    // when
    const first = await post(path, body, 'text/plain');
    const again = await post(path, body, 'text/plain');
    // then
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, data: { logId: logIdOf(first), duplicate: true } });
    expect(await signalsReceivedBy(user.uid)).toEqual([signalStreamId(logIdOf(first))]);
    const logs = await logsOf(user);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ webhookLogId: logIdOf(first), duplicates: 1 });
  });

  it('ROLE-02: given alerts to A’s URL (accepted and malformed), when B reads its logs, then none of them appear; A sees them all', async () => {
    // given
    const a = await signUp(stack.t.app);
    const b = await signUp(stack.t.app);
    const aPath = await hookPathOf(a);
    // when
    const accepted = await post(aPath, '{"symbol":"BTC","action":"buy"}', 'text/plain');
    const malformed = await post(aPath, '{"action":"buy"}', 'text/plain');
    // then
    expect([accepted.statusCode, malformed.statusCode]).toEqual([200, 400]);
    expect(await logsOf(b)).toEqual([]);
    expect(await signalsReceivedBy(b.uid)).toEqual([]);
    expect((await logsOf(a)).map((l) => l.webhookLogId).sort()).toEqual([logIdOf(accepted), malformed.json<{ logId: string }>().logId].sort());
  });
});
