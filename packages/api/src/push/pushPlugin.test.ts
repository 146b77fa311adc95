import type { Simulator } from '@hyperhook/venue-sim';
import type { Executor } from '@hyperhook/executor';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.js';
import { postWebhook } from '../testing/postWebhook.js';
import { startTestExecutor } from '../testing/startTestExecutor.js';
import { TEST_PUSH_RATE_LIMIT } from './pushPlugin.js';
import { call, createTestApp, keysBody, signUp, startTestSimulator, type TestApp, type TestUser } from '../testing/testApp.js';
import { startLocalPushService, type LocalPushService, type ReceivedPush } from './testing/localPushService.js';
import { createTestBrowser, type TestBrowser } from './testing/testBrowser.js';

let sim: Simulator;
let t: TestApp;
let executor: Executor;
let service: LocalPushService;
let vapidPublicKey: string;

/** The push service of these tests is on loopback, which push endpoints may be only with the operator's switch on. */
const loopbackPushService = { notifications: { allowPrivateTargets: true } };

/** Paths under /gone/ answer 410, as a push service does for an unsubscribed browser. */
const GONE = '/gone/';
/** Paths under /broken/ answer 500: a push service failing for the moment. */
const BROKEN = '/broken/';

beforeAll(async () => {
  sim = await startTestSimulator();
  t = await createTestApp({ sim, config: loopbackPushService });
  service = await startLocalPushService((path) => (path.startsWith(GONE) ? 410 : path.startsWith(BROKEN) ? 500 : 201));
  // The notifier starts once the gateway listens (as in `hyperhook start`), from the log's head.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  executor = await startTestExecutor(t);
  vapidPublicKey = (await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).json().data.publicKey;
});
afterAll(async () => {
  await executor?.stop();
  await t?.close();
  await service?.close();
  await sim?.close();
});

/** A signed-up user whose browser subscribed at `${service.origin}${path}`. */
async function subscribedUser(path: string): Promise<{ user: TestUser; browser: TestBrowser; endpoint: string }> {
  const user = await signUp(t.app);
  const browser = createTestBrowser();
  const endpoint = `${service.origin}${path}`;
  const res = await call(t.app, 'POST', '/api/push/subscription', user.token, { endpoint, keys: browser.keys, expirationTime: null });
  expect(res.json()).toEqual({ success: true, data: { subscribed: true } });
  return { user, browser, endpoint };
}

/** The push subscription events on a user's stream. */
const pushEventsOf = async (uid: string) =>
  (await t.store.eventStore.readStream(`user-${uid}`)).map((e) => e.type).filter((type) => type.startsWith('PushSubscription'));

/** The notification a browser would show for a push: decrypted with the subscription's own keys. */
const shown = (browser: TestBrowser, push: ReceivedPush | undefined) => JSON.parse(browser.decrypt(push?.body ?? Buffer.alloc(0))) as Record<string, string>;

/** A terminal log of the user, read through the gateway. */
async function finished(token: string, logId: string): Promise<{ status: string; error?: string }> {
  return eventually(async () => {
    const log = (await call(t.app, 'GET', '/api/webhook-logs', token)).json().data.find((l: { webhookLogId: string }) => l.webhookLogId === logId);
    expect(['executed', 'failed']).toContain(log?.status);
    return log;
  });
}

describe('web push subscriptions (bearer-scoped)', () => {
  it('ROLE-04: given no token, when subscribing or unsubscribing, then 401 and nothing is recorded; the VAPID key is public', async () => {
    const head = await t.store.eventStore.headPosition();
    const browser = createTestBrowser();
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(t.app, method, '/api/push/subscription', null, { endpoint: `${service.origin}/anon`, keys: browser.keys });
      expect(res.statusCode, method).toBe(401);
      expect(res.json().success).toBe(false);
    }
    expect(await t.store.eventStore.headPosition()).toBe(head);
    expect(vapidPublicKey).toMatch(/^[\w-]{87}$/); // a base64url P-256 public key (65 bytes)
  });

  it('CARD-28: given an http (not https) endpoint or missing keys, when subscribing, then 400 naming the field', async () => {
    const user = await signUp(t.app);
    const http = await call(t.app, 'POST', '/api/push/subscription', user.token, { endpoint: 'http://example.com/x', keys: createTestBrowser().keys });
    const noKeys = await call(t.app, 'POST', '/api/push/subscription', user.token, { endpoint: `${service.origin}/no-keys` });
    expect(http.statusCode).toBe(400);
    expect(http.json()).toMatchObject({ success: false, error: expect.stringContaining('endpoint') });
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json()).toMatchObject({ success: false, error: expect.stringContaining('keys') });
    expect(await pushEventsOf(user.uid)).toEqual([]);
  });

  it('CARD-28: given 20 subscribed browsers, when a 21st subscribes, then 400 in the envelope with the reason; re-subscribing a known one still works', async () => {
    const user = await signUp(t.app);
    const browser = createTestBrowser();
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await call(t.app, 'POST', '/api/push/subscription', user.token, { endpoint: `${service.origin}/many/${i}`, keys: browser.keys })).statusCode,
      ).toBe(200);
    }
    const refused = await call(t.app, 'POST', '/api/push/subscription', user.token, { endpoint: `${service.origin}/many/20`, keys: browser.keys });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'At most 20 devices can receive notifications; turn them off on a device you no longer use.',
    });
    const again = await call(t.app, 'POST', '/api/push/subscription', user.token, { endpoint: `${service.origin}/many/0`, keys: browser.keys });
    expect(again.json()).toEqual({ success: true, data: { subscribed: true } });
    expect(await pushEventsOf(user.uid)).toHaveLength(20);
  });

  it("ROLE-03, CARD-29: given A and B subscribed, when A deletes B's endpoint, then only A's stream is consulted and B stays subscribed; B's own DELETE removes it", async () => {
    const a = await subscribedUser('/scoping/a');
    const b = await subscribedUser('/scoping/b');
    // when
    const byA = await call(t.app, 'DELETE', '/api/push/subscription', a.user.token, { endpoint: b.endpoint });
    // then: A's answer speaks for A only; nothing is recorded for either user.
    expect(byA.json()).toEqual({ success: true, data: { subscribed: false } });
    expect(await pushEventsOf(a.user.uid)).toEqual(['PushSubscriptionAdded']);
    expect(await pushEventsOf(b.user.uid)).toEqual(['PushSubscriptionAdded']);
    const byB = await call(t.app, 'DELETE', '/api/push/subscription', b.user.token, { endpoint: b.endpoint });
    expect(byB.json()).toEqual({ success: true, data: { subscribed: false } });
    expect(await pushEventsOf(b.user.uid)).toEqual(['PushSubscriptionAdded', 'PushSubscriptionRemoved']);
    expect(await pushEventsOf(a.user.uid)).toEqual(['PushSubscriptionAdded']);
  });
});

describe('web push notifications (executor → notifier → push service)', () => {
  it("CARD-28, CARD-29: given A subscribed with keys, when A's signals execute and fail, then A's endpoint gets an encrypted, VAPID-signed push for each, opening that signal's log row, and B's endpoint gets none", async () => {
    // given
    const a = await subscribedUser('/outcomes/a');
    await subscribedUser('/outcomes/b');
    expect((await call(t.app, 'POST', '/api/keys', a.user.token, keysBody('A'))).statusCode).toBe(200);
    // when: one order the simulator fills, one below Hyperliquid's $10 minimum
    const executedId = await postWebhook(t.app, a.user.token, { symbol: 'BTCUSDT.P', action: 'buy', size: '50' });
    const executed = await finished(a.user.token, executedId);
    const failedId = await postWebhook(t.app, a.user.token, { symbol: 'BTCUSDT.P', action: 'buy', size: '5' });
    const failed = await finished(a.user.token, failedId);
    expect([executed.status, failed.status]).toEqual(['executed', 'failed']);
    // then
    const pushes = await eventually(() => {
      const received = service.to('/outcomes/a');
      expect(received).toHaveLength(2);
      return received;
    });
    const byTag = Object.fromEntries(pushes.map((push) => [shown(a.browser, push).tag, shown(a.browser, push)]));
    // Each names its strategy (issue 30, point 3); a refusal before any order reads "rejected".
    expect(byTag[`signal-${executedId}`]).toEqual({
      title: 'BUY BTC executed',
      body: expect.stringMatching(/^Main: Filled at \$\d/),
      tag: `signal-${executedId}`,
      url: `/dashboard?tab=logs&log=${executedId}`,
    });
    expect(byTag[`signal-${failedId}`]).toEqual({
      title: 'BUY BTC rejected',
      body: `Main: ${failed.error}`,
      tag: `signal-${failedId}`,
      url: `/dashboard?tab=logs&log=${failedId}`,
    });
    expect(failed.error).toContain('minimum');
    for (const push of pushes) {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.ttl).toBe(String(24 * 3600));
      expect(push.body.includes(Buffer.from('BUY BTC'))).toBe(false); // encrypted, not clear text
      // VAPID (RFC 8292): `vapid t=<ES256 JWT>, k=<public key>`, signed by the key the gateway serves.
      const [, jwt, k] = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization)) ?? [];
      expect(k).toBe(vapidPublicKey);
      const point = Buffer.from(vapidPublicKey, 'base64url');
      const key = await importJWK(
        { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
        'ES256',
      );
      const { payload } = await jwtVerify(jwt ?? '', key, { audience: service.origin });
      expect(payload.sub).toBe('mailto:support@hyperhook.test');
    }
    // B's browser never hears about A's signals.
    expect(service.to('/outcomes/b')).toEqual([]);
  });

  it("ROLE-03, CARD-29: given A and B subscribed, when B's signal fails (no keys), then only B's endpoint is pushed, with B's reason", async () => {
    // given
    const a = await subscribedUser('/isolation/a');
    const b = await subscribedUser('/isolation/b');
    // when
    const logId = await postWebhook(t.app, b.user.token, { symbol: 'ETH', action: 'sell', size: '20' });
    const log = await finished(b.user.token, logId);
    // then
    const [push] = await eventually(() => {
      expect(service.to('/isolation/b')).toHaveLength(1);
      return service.to('/isolation/b');
    });
    expect(shown(b.browser, push)).toEqual({
      title: 'SELL ETH rejected',
      body: 'Main: No API keys configured',
      tag: `signal-${logId}`,
      url: `/dashboard?tab=logs&log=${logId}`,
    });
    expect(log).toMatchObject({ status: 'failed', error: 'No API keys configured' });
    // A's keys cannot read B's push either: the payload is encrypted for B's subscription only.
    expect(() => a.browser.decrypt(push?.body ?? Buffer.alloc(0))).toThrow();
    expect(service.to('/isolation/a')).toEqual([]);
  });

  it('CARD-29: given the push service answers 410 Gone, when a push is sent, then the subscription is removed from the user stream', async () => {
    // given
    const { user } = await subscribedUser(`${GONE}device`);
    // when
    const logId = await postWebhook(t.app, user.token, { symbol: 'SOL', action: 'buy', size: '20' });
    await finished(user.token, logId);
    // then
    await eventually(async () => expect(await pushEventsOf(user.uid)).toEqual(['PushSubscriptionAdded', 'PushSubscriptionRemoved']));
    expect(service.to(`${GONE}device`)).toHaveLength(1);
  });
});

/** The test notification of POST /api/push/test. */
const TEST_NOTIFICATION = {
  title: 'hyperhook test notification',
  body: 'Notifications are working. You will hear about executed and failed alerts here.',
  tag: 'test',
  url: '/dashboard?tab=settings',
};

/** Checks a push is VAPID-signed (RFC 8292) by the key the gateway serves, for the push service's origin. */
async function expectVapidSigned(push: ReceivedPush | undefined): Promise<void> {
  const [, jwt, k] = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push?.headers.authorization)) ?? [];
  expect(k).toBe(vapidPublicKey);
  const point = Buffer.from(vapidPublicKey, 'base64url');
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    'ES256',
  );
  await jwtVerify(jwt ?? '', key, { audience: service.origin });
  expect(push?.headers['content-encoding']).toBe('aes128gcm');
}

describe("POST /api/push/test (a test notification to the caller's devices)", () => {
  it("CARD-28, ROLE-03: given A with two subscribed browsers and B with one, when A asks for a test notification, then each of A's browsers gets it, encrypted for that browser and VAPID-signed, B's gets nothing, and the answer counts two sent", async () => {
    // given
    const phone = await subscribedUser('/test-push/a-phone');
    const laptop = createTestBrowser();
    await call(t.app, 'POST', '/api/push/subscription', phone.user.token, { endpoint: `${service.origin}/test-push/a-laptop`, keys: laptop.keys });
    await subscribedUser('/test-push/b');
    // when
    const res = await call(t.app, 'POST', '/api/push/test', phone.user.token);
    // then
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { sent: 2, removed: 0, failed: 0 } });
    const [toPhone] = service.to('/test-push/a-phone');
    const [toLaptop] = service.to('/test-push/a-laptop');
    expect(shown(phone.browser, toPhone)).toEqual(TEST_NOTIFICATION);
    expect(shown(laptop, toLaptop)).toEqual(TEST_NOTIFICATION);
    expect(() => phone.browser.decrypt(toLaptop?.body ?? Buffer.alloc(0))).toThrow();
    await expectVapidSigned(toPhone);
    await expectVapidSigned(toLaptop);
    expect(service.to('/test-push/b')).toEqual([]);
  });

  it('CARD-29: given a subscription the push service reports gone and one it fails for, when testing, then the gone one is counted as removed and removed from the stream, the other counted as failed and kept', async () => {
    // given
    const gone = await subscribedUser(`${GONE}test-push`);
    await call(t.app, 'POST', '/api/push/subscription', gone.user.token, { endpoint: `${service.origin}${BROKEN}test-push`, keys: createTestBrowser().keys });
    // when
    const res = await call(t.app, 'POST', '/api/push/test', gone.user.token);
    // then
    expect(res.json()).toEqual({ success: true, data: { sent: 0, removed: 1, failed: 1 } });
    expect(await pushEventsOf(gone.user.uid)).toEqual(['PushSubscriptionAdded', 'PushSubscriptionAdded', 'PushSubscriptionRemoved']);
    expect(service.to(`${GONE}test-push`)).toHaveLength(1);
    expect(service.to(`${BROKEN}test-push`)).toHaveLength(1);
  });

  it('ROLE-04: given no subscription, when testing, then 400 "No push subscription on this account"; without a token, 401 and nothing is sent', async () => {
    const user = await signUp(t.app);
    const pushesBefore = service.received.length;
    const none = await call(t.app, 'POST', '/api/push/test', user.token);
    const anonymous = await call(t.app, 'POST', '/api/push/test', null);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ success: false, error: 'No push subscription on this account' });
    expect(anonymous.statusCode).toBe(401);
    expect(service.received.length).toBe(pushesBefore);
  });

  it(`given ${TEST_PUSH_RATE_LIMIT} test notifications within a minute, when one more is asked, then 429 and it is not sent`, async () => {
    // given: an app of its own, so the other tests' calls do not count
    const own = await createTestApp({ sim, config: loopbackPushService });
    try {
      const user = await signUp(own.app);
      await call(own.app, 'POST', '/api/push/subscription', user.token, { endpoint: `${service.origin}/test-push/limited`, keys: createTestBrowser().keys });
      for (let i = 0; i < TEST_PUSH_RATE_LIMIT; i += 1) expect((await call(own.app, 'POST', '/api/push/test', user.token)).statusCode).toBe(200);
      // when
      const limited = await call(own.app, 'POST', '/api/push/test', user.token);
      // then
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, error: expect.stringMatching(/^Too many requests/) });
      expect(service.to('/test-push/limited')).toHaveLength(TEST_PUSH_RATE_LIMIT);
    } finally {
      await own.close();
    }
  });
});
