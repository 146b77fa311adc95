import { signalStreamId } from '@hyperhook/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ingressFixture, rotation } from './testing/ingressFixture.js';

type Fixture = Awaited<ReturnType<typeof ingressFixture>>;
const open: Fixture[] = [];
afterEach(async () => {
  for (const f of open.splice(0)) await f.close();
});

async function setUp(options: Parameters<typeof ingressFixture>[0] = {}) {
  const f = await ingressFixture(options);
  open.push(f);
  await f.signUp('u1', 'secret-one');
  return f;
}

const ALERT = JSON.stringify({ symbol: 'BINANCE:BTCUSDT.P', action: 'buy', size: 100 });

function post(f: Fixture, secret: string, body: string, contentType?: string, remoteAddress?: string) {
  return f.app.inject({
    method: 'POST',
    url: `/hook/${secret}`,
    payload: body,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function signalEventsOf(f: Fixture, logId: string) {
  return (await f.store.eventStore.readStream(signalStreamId(logId))).map((e) => e.type);
}

describe('POST /hook/:secret', () => {
  it('API-31, CARD-13: given a JSON alert, when posted, then 200 {logId} and SignalReceived is appended with the parsed alert', async () => {
    // given
    const f = await setUp();
    // when
    const res = await post(f, 'secret-one', ALERT, 'application/json', '203.0.113.7');
    // then
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json<{ success: boolean; data: { logId: string } }>();
    expect(success).toBe(true);
    const [received] = await f.store.eventStore.readStream(signalStreamId(data.logId));
    expect(received?.type).toBe('SignalReceived');
    expect(received?.data).toMatchObject({
      userId: 'u1',
      rawBody: ALERT,
      alert: { coin: 'BTC', action: 'buy', size: 100 },
      rejection: null,
      sourceIp: '203.0.113.7',
    });
    expect(f.outcomes).toEqual(['accepted']);
  });

  it('API-31: given TradingView text/plain, when posted, then it is parsed as JSON', async () => {
    // given
    const f = await setUp();
    // when
    const res = await post(f, 'secret-one', ALERT, 'text/plain; charset=utf-8');
    // then
    expect(res.statusCode).toBe(200);
    expect(await signalEventsOf(f, res.json<{ data: { logId: string } }>().data.logId)).toEqual(['SignalReceived']);
  });

  it('API-31: given a wrong or missing content type, when posted, then the body is still read', async () => {
    // given
    const f = await setUp();
    // when
    const wrong = await post(f, 'secret-one', JSON.stringify({ symbol: 'ETH', action: 'sell' }), 'application/x-www-form-urlencoded');
    const missing = await post(f, 'secret-one', JSON.stringify({ symbol: 'SOL', action: 'buy' }));
    // then
    expect([wrong.statusCode, missing.statusCode]).toEqual([200, 200]);
  });

  it('given a body over 64 KiB, when posted, then 413 in the envelope and nothing is appended', async () => {
    // given
    const f = await setUp();
    const before = (await f.allEvents()).length;
    // when
    const res = await post(f, 'secret-one', JSON.stringify({ symbol: 'BTC', action: 'buy', pad: 'x'.repeat(70_000) }), 'application/json');
    // then
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false });
    expect((await f.allEvents()).length).toBe(before);
  });

  it('given an unknown secret, when posted, then 404 Not found and nothing is appended', async () => {
    // given
    const f = await setUp();
    const before = (await f.allEvents()).length;
    // when
    const res = await post(f, 'no-such-secret', ALERT, 'application/json');
    // then
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Not found' });
    expect((await f.allEvents()).length).toBe(before);
  });

  it('STATE-11: given a rotated secret, when the old URL is posted to, then 404 and nothing appended; the new URL works', async () => {
    // given
    const f = await setUp();
    await f.appendUser('u1', [rotation('secret-two', '2026-01-02T00:00:00.000Z')]);
    const before = (await f.allEvents()).length;
    // when
    const old = await post(f, 'secret-one', ALERT, 'application/json');
    const after = (await f.allEvents()).length;
    const fresh = await post(f, 'secret-two', ALERT, 'application/json');
    // then
    expect(old.statusCode).toBe(404);
    expect(after).toBe(before);
    expect(fresh.statusCode).toBe(200);
  });

  it('given an alert without symbol, when posted, then 400 with the reason and the signal is logged as failed with it', async () => {
    // given
    const f = await setUp();
    // when
    const res = await post(f, 'secret-one', JSON.stringify({ action: 'buy' }), 'application/json');
    // then
    expect(res.statusCode).toBe(400);
    const body = res.json<{ success: boolean; error: string; logId: string }>();
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/symbol/);
    const events = await f.store.eventStore.readStream(signalStreamId(body.logId));
    expect(events.map((e) => e.type)).toEqual(['SignalReceived', 'SignalRejected']);
    expect(events[1]?.data).toMatchObject({ reason: body.error });
  });

  it('given not-JSON text, when posted, then 400 and logged as failed', async () => {
    // given
    const f = await setUp();
    // when
    const res = await post(f, 'secret-one', 'buy BTC now', 'text/plain');
    // then
    expect(res.statusCode).toBe(400);
    expect(await signalEventsOf(f, res.json<{ logId: string }>().logId)).toEqual(['SignalReceived', 'SignalRejected']);
  });

  it('given the same explicit id twice (even with another body), when posted, then the second answers the original logId and records a duplicate', async () => {
    // given
    const f = await setUp();
    const first = await post(f, 'secret-one', JSON.stringify({ id: 'alert-42', symbol: 'BTC', action: 'buy' }), 'application/json');
    // when
    const second = await post(f, 'secret-one', JSON.stringify({ id: 'alert-42', symbol: 'BTC', action: 'buy', size: 5 }), 'application/json');
    // then
    const logId = first.json<{ data: { logId: string } }>().data.logId;
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ success: true, data: { logId, duplicate: true } });
    expect(await signalEventsOf(f, logId)).toEqual(['SignalReceived', 'SignalDuplicateReceived']);
    const received = (await f.allEvents()).filter((e) => e.type === 'SignalReceived');
    expect(received).toHaveLength(1);
  });

  it('given the same body twice within the window, when posted, then it is a duplicate; after the window it is a new signal', async () => {
    // given
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const f = await setUp({ clock: () => new Date(now), dedupeWindowMs: 60_000 });
    const first = await post(f, 'secret-one', ALERT, 'application/json');
    // when
    now += 30_000;
    const within = await post(f, 'secret-one', ALERT, 'text/plain');
    now += 61_000;
    const later = await post(f, 'secret-one', ALERT, 'application/json');
    // then
    const logId = first.json<{ data: { logId: string } }>().data.logId;
    expect(within.json<{ data: { logId: string } }>().data.logId).toBe(logId);
    expect(later.json<{ data: { logId: string; duplicate?: boolean } }>().data).not.toMatchObject({ logId });
    expect(await signalEventsOf(f, logId)).toEqual(['SignalReceived', 'SignalDuplicateReceived']);
  });

  it('given concurrent re-deliveries of one alert, when posted at once, then exactly one SignalReceived exists', async () => {
    // given
    const f = await setUp();
    // when
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(f, 'secret-one', ALERT, 'application/json')));
    // then
    const logIds = new Set(answers.map((a) => a.json<{ data: { logId: string } }>().data.logId));
    expect(logIds.size).toBe(1);
    expect((await f.allEvents()).filter((e) => e.type === 'SignalReceived')).toHaveLength(1);
  });

  it('issue 32, point 2: given a burst above the per-webhook limit, when posted, then 429 beyond the budget, and each refused alert is logged as rejected with the reason', async () => {
    // given
    const f = await setUp({ rateLimit: { burst: 2, perMinute: 1 } });
    // when
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await post(f, 'secret-one', JSON.stringify({ symbol: 'BTC', action: 'buy', size: i + 1 }), 'application/json'));
    // then
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    expect(f.outcomes.at(-1)).toBe('rate_limited');
    const refused = answers[2]?.json<{ success: boolean; error: string; logId: string }>();
    expect(refused).toEqual({ success: false, error: 'Too many requests for this webhook, please slow down.', logId: expect.any(String) });
    const stored = await f.store.eventStore.readStream(signalStreamId(refused?.logId ?? ''));
    expect(stored.map((e) => e.type)).toEqual(['SignalReceived', 'SignalRejected']);
    expect(stored[0]?.data).toMatchObject({
      userId: 'u1',
      alert: null,
      rejection: { code: 'RATE_LIMITED', message: 'Rate limited: 1 alert a minute for this URL (2 at once).' },
      rawBody: JSON.stringify({ symbol: 'BTC', action: 'buy', size: 3 }),
    });
  });

  it('issue 32, point 2: given a flood past ten times the budget, then the refusals past that are counted, not logged, and written as one AlertsRefused with how many, why and between when', async () => {
    // given: 2 at once and 1 a minute, so up to 20 refusals are logged one by one
    const f = await setUp({ rateLimit: { burst: 2, perMinute: 1 } });
    // when
    const answers = [];
    for (let i = 0; i < 27; i += 1)
      answers.push(await post(f, 'secret-one', JSON.stringify({ symbol: 'BTC', action: 'buy', size: i + 1 }), 'application/json'));
    const bodies = answers.map((a) => a.json<{ logId?: string }>());
    const beforeFlush = (await f.allEvents()).filter((e) => e.type === 'AlertsRefused');
    await f.app.close();
    // then
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(2).fill(200), ...Array(25).fill(429)]);
    expect(bodies.slice(2, 22).every((b) => typeof b.logId === 'string')).toBe(true);
    expect(bodies.slice(22).map((b) => b.logId)).toEqual(Array(5).fill(undefined));
    expect((await f.allEvents()).filter((e) => e.type === 'SignalRejected')).toHaveLength(20);
    expect(beforeFlush).toEqual([]);
    const counted = (await f.allEvents()).filter((e) => e.type === 'AlertsRefused');
    expect(counted.map((e) => [e.streamId, e.data])).toEqual([
      ['account-u1', { reason: 'rateLimited', count: 5, from: expect.any(String), to: expect.any(String) }],
    ]);
  });

  it('issue 32, point 2: given counted refusals, when the flush interval passes, then they are written without waiting for the process to stop', async () => {
    // given: 1 at once and 1 a minute, so the 12th and 13th refusals are counted
    let flush: () => void = () => undefined;
    const f = await setUp({ rateLimit: { burst: 1, perMinute: 1 }, refusalFlushEvery: (run) => ((flush = run), () => undefined) });
    for (let i = 0; i < 13; i += 1) await post(f, 'secret-one', '{}', 'application/json');
    const refusedCounts = async () => (await f.allEvents()).filter((e) => e.type === 'AlertsRefused').map((e) => (e.data as { count: number }).count);
    expect(await refusedCounts()).toEqual([]);
    // when
    flush();
    // then
    await expect.poll(refusedCounts, { timeout: 5_000 }).toEqual([2]);
  });

  it('issue 32, point 2: given an IP allowlist, when posted from another address, then 403 and the alert logged as rejected with the address; from an allowed range, 200', async () => {
    // given
    const f = await setUp();
    await f.appendUser('u1', [{ type: 'IpAllowlistUpdated', v: 1, data: { ips: ['52.89.214.238', '10.0.0.0/8'], at: '2026-01-01T00:00:01.000Z' } }]);
    // when
    const denied = await post(f, 'secret-one', ALERT, 'application/json', '198.51.100.1');
    const allowed = await post(f, 'secret-one', ALERT, 'application/json', '10.1.2.3');
    // then
    expect(denied.statusCode).toBe(403);
    const { logId } = denied.json<{ logId: string }>();
    const stored = await f.store.eventStore.readStream(signalStreamId(logId));
    expect(stored.map((e) => e.type)).toEqual(['SignalReceived', 'SignalRejected']);
    expect(stored[0]?.data).toMatchObject({
      alert: null,
      sourceIp: '198.51.100.1',
      rejection: { code: 'SOURCE_NOT_ALLOWED', message: "Source address 198.51.100.1 is not on this webhook's IP allowlist." },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('given two api processes on one store, when the same alert id reaches both at once, then exactly one SignalReceived exists', async () => {
    // given
    const f = await setUp();
    const other = await f.secondGateway();
    const body = JSON.stringify({ id: 'tv-1', symbol: 'BTC', action: 'buy' });
    // when
    const answers = await Promise.all([
      post(f, 'secret-one', body, 'text/plain'),
      other.inject({ method: 'POST', url: '/hook/secret-one', payload: body, headers: { 'content-type': 'text/plain' } }),
    ]);
    // then
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(new Set(answers.map((a) => a.json<{ data: { logId: string } }>().data.logId)).size).toBe(1);
    const types = (await f.allEvents()).map((e) => e.type).filter((t) => t.startsWith('Signal'));
    // one claim, one signal, one duplicate
    expect(types.sort()).toEqual(['SignalDedupeClaimed', 'SignalDuplicateReceived', 'SignalReceived']);
  });

  it('given alerts arriving one after another, when accepted, then their log ids are UUIDv7 in arrival order and each has its claim stream', async () => {
    // given
    const f = await setUp();
    // when
    const logIds: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await post(f, 'secret-one', JSON.stringify({ id: `tv-${i}`, symbol: 'BTC', action: 'buy' }), 'application/json');
      logIds.push(res.json<{ data: { logId: string } }>().data.logId);
    }
    // then
    expect(logIds.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect([...logIds].sort()).toEqual(logIds);
    const claims = (await f.allEvents()).filter((e) => e.type === 'SignalDedupeClaimed');
    expect(claims.map((e) => (e.data as { signalId: string }).signalId)).toEqual(logIds);
    expect(claims.every((e) => e.streamId.startsWith('dedupe-'))).toBe(true);
  });
});
