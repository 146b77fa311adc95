import type { Simulator } from '@hyperhook/venue-sim';
import { signalStreamId } from '@hyperhook/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../appDeps.js';
import { call, createTestApp, signUp, startTestSimulator, type TestApp } from '../testing/testApp.js';

let sim: Simulator;
const apps: TestApp[] = [];
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});
afterAll(async () => {
  await sim.close();
});

/** A gateway built by buildApp with this ingress configuration, and a signed-up user's webhook path. */
async function gatewayWith(config: Partial<AppConfig>) {
  const t = await createTestApp({ sim, config });
  apps.push(t);
  const user = await signUp(t.app);
  const url = (await call(t.app, 'GET', '/api/auth/webhook-url', user.token)).json<{ data: { webhookUrl: string } }>().data.webhookUrl;
  const path = new URL(url).pathname;
  const post = (body: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'text/plain', ...headers }, remoteAddress });
  return { t, user, post };
}

const logIdOf = (res: { json: () => unknown }) => (res.json() as { data: { logId: string } }).data.logId;

describe('ingress configuration through buildApp (AppConfig)', () => {
  it('API-31, CARD-13: given a 1 s dedupe window, when the same body comes again within it and then after it, then the first repeat is a duplicate and the later one a new signal', async () => {
    // given
    const { t, post } = await gatewayWith({ dedupeWindowMs: 1_000 });
    const body = '{"symbol":"BTC","action":"buy","size":"25"}';
    // when
    const first = await post(body);
    t.advanceClock(500);
    const within = await post(body);
    t.advanceClock(1_500);
    const after = await post(body);
    // then
    expect(within.json()).toEqual({ success: true, data: { logId: logIdOf(first), duplicate: true } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ success: true, data: { logId: expect.any(String) } });
    expect(logIdOf(after)).not.toBe(logIdOf(first));
  });

  it('API-31: given a per-webhook budget of 2 at once and 1 per minute, when 3 alerts arrive at once, then the third is 429 until a minute has refilled a token', async () => {
    // given
    const { t, post } = await gatewayWith({ webhookRateLimit: { burst: 2, perMinute: 1 } });
    // when
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await post(`{"id":"burst-${i}","symbol":"BTC","action":"buy"}`));
    t.advanceClock(60_000);
    const refilled = await post('{"id":"burst-after","symbol":"BTC","action":"buy"}');
    // then
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]?.json()).toEqual({ success: false, error: 'Too many requests for this webhook, please slow down.', logId: expect.any(String) });
    expect(refilled.statusCode).toBe(200);
  });

  it('API-31: given only the burst configured, when alerts arrive, then the sustained rate keeps its default instead of becoming undefined', async () => {
    // given
    const { post } = await gatewayWith({ webhookRateLimit: { burst: 1 } });
    // when
    const first = await post('{"id":"one","symbol":"BTC","action":"buy"}');
    const second = await post('{"id":"two","symbol":"BTC","action":"buy"}');
    // then
    expect([first.statusCode, second.statusCode]).toEqual([200, 429]);
  });

  it('API-31: given trustProxy naming the proxy, when a request from it carries X-Forwarded-For, then the allowlist and the recorded source see the forwarded client', async () => {
    // given
    const { t, user, post } = await gatewayWith({ trustProxy: ['127.0.0.1'] });
    await call(t.app, 'PUT', '/api/webhook/ip-allowlist', user.token, { ips: ['203.0.113.9'] });
    // when
    const forwarded = await post('{"symbol":"BTC","action":"buy"}', { 'x-forwarded-for': '203.0.113.9' });
    const otherClient = await post('{"symbol":"ETH","action":"buy"}', { 'x-forwarded-for': '198.51.100.7' });
    // then
    expect(forwarded.statusCode).toBe(200);
    expect(otherClient.statusCode).toBe(403);
    const [received] = await t.store.eventStore.readStream(signalStreamId(logIdOf(forwarded)));
    expect(received?.data).toMatchObject({ sourceIp: '203.0.113.9' });
  });

  it('API-31: given trustProxy true, when clients come through any proxy, then the forwarded address is the one the allowlist checks', async () => {
    // given
    const { t, user, post } = await gatewayWith({ trustProxy: true });
    const saved = await call(t.app, 'PUT', '/api/webhook/ip-allowlist', user.token, { ips: ['203.0.113.9'] });
    expect(saved.json()).toMatchObject({ success: true, data: { ips: ['203.0.113.9'] } });
    // when
    const allowed = await post('{"symbol":"BTC","action":"buy"}', { 'x-forwarded-for': '203.0.113.9' }, '10.1.2.3');
    const refused = await post('{"symbol":"ETH","action":"buy"}', { 'x-forwarded-for': '198.51.100.7' }, '203.0.113.9');
    // then: the socket address (allowed in the second request) no longer decides
    expect(allowed.statusCode).toBe(200);
    expect(refused.statusCode).toBe(403);
  });

  it('API-31: given trustProxy naming another proxy, when a request from an unlisted peer carries X-Forwarded-For, then the header is not believed', async () => {
    // given
    const { t, user, post } = await gatewayWith({ trustProxy: ['10.0.0.0/8'] });
    await call(t.app, 'PUT', '/api/webhook/ip-allowlist', user.token, { ips: ['203.0.113.9'] });
    // when
    const viaProxy = await post('{"symbol":"BTC","action":"buy"}', { 'x-forwarded-for': '203.0.113.9' }, '10.1.2.3');
    const direct = await post('{"symbol":"ETH","action":"buy"}', { 'x-forwarded-for': '203.0.113.9' }, '198.51.100.7');
    // then
    expect(viaProxy.statusCode).toBe(200);
    expect(direct.statusCode).toBe(403);
  });

  it('API-31: given no trustProxy, when a request claims an allowed client in X-Forwarded-For, then the header is ignored and the socket address is refused', async () => {
    // given
    const { t, user, post } = await gatewayWith({});
    await call(t.app, 'PUT', '/api/webhook/ip-allowlist', user.token, { ips: ['203.0.113.9'] });
    // when
    const spoofed = await post('{"symbol":"BTC","action":"buy"}', { 'x-forwarded-for': '203.0.113.9' }, '198.51.100.7');
    const direct = await post('{"symbol":"ETH","action":"buy"}', {}, '203.0.113.9');
    // then
    expect(spoofed.statusCode).toBe(403);
    expect(direct.statusCode).toBe(200);
  });
});
