import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp, type TestUser } from '../../testing/testApp.js';
import { TRADINGVIEW_WEBHOOK_IPS } from './tradingViewIps.js';

const stack = useTestApp();
const URL_PATH = '/api/webhook/ip-allowlist';

async function hookPathOf(user: TestUser): Promise<string> {
  const res = await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token);
  return new URL(res.json<{ data: { webhookUrl: string } }>().data.webhookUrl).pathname;
}

let alertCounter = 0;
/** Posts a fresh alert (its own id, so never a duplicate) to a webhook path from `remoteAddress`. */
function postAlert(path: string, remoteAddress: string) {
  const payload = JSON.stringify({ id: `alert-${++alertCounter}`, symbol: 'BTCUSDT', action: 'buy', size: '25' });
  return stack.t.app.inject({ method: 'POST', url: path, payload, headers: { 'content-type': 'text/plain' }, remoteAddress });
}

const ipsOf = async (user: TestUser) => (await call(stack.t.app, 'GET', URL_PATH, user.token)).json<{ data: { ips: string[] } }>().data.ips;

describe('GET/PUT /api/webhook/ip-allowlist', () => {
  it('API-31: given a new user, when reading the allowlist, then it is empty (any source) and TradingView’s documented addresses are offered', async () => {
    // given
    const user = await signUp(stack.t.app);
    // when
    const res = await call(stack.t.app, 'GET', URL_PATH, user.token);
    // then
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { ips: [], tradingViewIps: ['52.89.214.238', '34.212.75.30', '54.218.53.128', '52.32.178.7'] } });
  });

  it('API-31: given addresses and CIDR ranges (IPv4, IPv6, untrimmed, duplicated), when saved, then the normalised list is answered and read back', async () => {
    // given
    const user = await signUp(stack.t.app);
    const ips = [' 52.89.214.238 ', '10.0.0.0/8', '2001:DB8::/32', '::1', '52.89.214.238'];
    // when
    const put = await call(stack.t.app, 'PUT', URL_PATH, user.token, { ips });
    // then
    expect(put.statusCode).toBe(200);
    const expected = ['52.89.214.238', '10.0.0.0/8', '2001:db8::/32', '::1'];
    expect(put.json()).toEqual({ success: true, data: { ips: expected, tradingViewIps: [...TRADINGVIEW_WEBHOOK_IPS] } });
    expect(await ipsOf(user)).toEqual(expected);
  });

  it('API-31: given the TradingView preset, when saved and then cleared with an empty list, then the list is the preset and then empty again', async () => {
    // given
    const user = await signUp(stack.t.app);
    // when
    await call(stack.t.app, 'PUT', URL_PATH, user.token, { ips: TRADINGVIEW_WEBHOOK_IPS });
    const saved = await ipsOf(user);
    const cleared = await call(stack.t.app, 'PUT', URL_PATH, user.token, { ips: [] });
    // then
    expect(saved).toEqual([...TRADINGVIEW_WEBHOOK_IPS]);
    expect(cleared.json().data.ips).toEqual([]);
    expect(await ipsOf(user)).toEqual([]);
  });

  it.each([
    ['a word', 'not-an-ip', /ips\.1: "not-an-ip" is not an IPv4\/IPv6 address or CIDR range/],
    ['an octet over 255', '300.1.1.1', /ips\.1: "300\.1\.1\.1" is not an IPv4\/IPv6 address or CIDR range/],
    ['a prefix over 32', '10.0.0.0/33', /ips\.1: "10\.0\.0\.0\/33" is not an IPv4\/IPv6 address or CIDR range/],
    ['a host name', 'tradingview.com', /ips\.1: "tradingview\.com" is not/],
    ['an over-long string', 'x'.repeat(80), /ips\.1: "x{49}…" is not an IPv4\/IPv6 address or CIDR range/],
  ])('API-31, ERR-01: given %s in the list, when saved, then 400 naming the entry and the list is unchanged', async (_case, entry, message) => {
    // given
    const user = await signUp(stack.t.app);
    await call(stack.t.app, 'PUT', URL_PATH, user.token, { ips: ['198.51.100.1'] });
    // when
    const res = await call(stack.t.app, 'PUT', URL_PATH, user.token, { ips: ['52.89.214.238', entry] });
    // then
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(message) });
    expect(await ipsOf(user)).toEqual(['198.51.100.1']);
  });

  it('API-31, ERR-01: given 51 entries, a missing list or a non-string entry, when saved, then 400 with a message', async () => {
    // given
    const user = await signUp(stack.t.app);
    const tooMany = Array.from({ length: 51 }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`);
    // when
    const many = await call(stack.t.app, 'PUT', URL_PATH, user.token, { ips: tooMany });
    const missing = await call(stack.t.app, 'PUT', URL_PATH, user.token, {});
    const number = await call(stack.t.app, 'PUT', URL_PATH, user.token, { ips: [42] });
    // then
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toMatch(/ips: at most 50 entries are allowed/);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/ips/);
    expect(number.statusCode).toBe(400);
    expect(number.json().error).toMatch(/ips\.0/);
    expect(await ipsOf(user)).toEqual([]);
  });

  it('ROLE-04: given no bearer token, when reading or saving, then 401', async () => {
    // when
    const get = await call(stack.t.app, 'GET', URL_PATH, null);
    const put = await call(stack.t.app, 'PUT', URL_PATH, null, { ips: [] });
    // then
    expect([get.statusCode, put.statusCode]).toEqual([401, 401]);
  });

  it('API-31, CARD-32: given an allowlist, when alerts arrive, then /hook answers 403 from another address and 200 from an allowed one; an empty list accepts any source again', async () => {
    // given
    const user = await signUp(stack.t.app);
    const path = await hookPathOf(user);
    await call(stack.t.app, 'PUT', URL_PATH, user.token, { ips: ['203.0.113.0/24', '2001:db8::1'] });
    // when
    const outsider = await postAlert(path, '198.51.100.7');
    const inRange = await postAlert(path, '203.0.113.9');
    const mapped = await postAlert(path, '::ffff:203.0.113.10');
    const ipv6 = await postAlert(path, '2001:db8::1');
    await call(stack.t.app, 'PUT', URL_PATH, user.token, { ips: [] });
    const outsiderAfterClear = await postAlert(path, '198.51.100.7');
    // then
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ success: false, error: 'Source address not allowed for this webhook', logId: expect.any(String) });
    expect([inRange.statusCode, mapped.statusCode, ipv6.statusCode]).toEqual([200, 200, 200]);
    expect(outsiderAfterClear.statusCode).toBe(200);
  });

  it('ROLE-03: given A’s allowlist, when B reads and saves its own, then B never sees A’s list, B’s save changes only B’s, and each /hook applies its own list', async () => {
    // given
    const a = await signUp(stack.t.app);
    const b = await signUp(stack.t.app);
    await call(stack.t.app, 'PUT', URL_PATH, a.token, { ips: ['203.0.113.5'] });
    // when
    const bBefore = await ipsOf(b);
    const bPut = await call(stack.t.app, 'PUT', URL_PATH, b.token, { ips: ['198.51.100.0/24'] });
    // then
    expect(bBefore).toEqual([]);
    expect(bPut.json().data.ips).toEqual(['198.51.100.0/24']);
    expect(await ipsOf(a)).toEqual(['203.0.113.5']);
    expect(await ipsOf(b)).toEqual(['198.51.100.0/24']);
    const [aPath, bPath] = [await hookPathOf(a), await hookPathOf(b)];
    expect((await postAlert(aPath, '203.0.113.5')).statusCode).toBe(200);
    expect((await postAlert(aPath, '198.51.100.7')).statusCode).toBe(403);
    expect((await postAlert(bPath, '198.51.100.7')).statusCode).toBe(200);
    expect((await postAlert(bPath, '203.0.113.5')).statusCode).toBe(403);
  });

  it('API-01: given the app, when reading /api/docs, then the allowlist routes are documented with their body and answer', async () => {
    // when
    const doc = (await stack.t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    // then
    const route = doc.paths[URL_PATH];
    expect(route.get.tags).toEqual(['webhook']);
    expect(route.put.requestBody.content['application/json'].schema.properties.ips).toMatchObject({ type: 'array', maxItems: 50 });
    expect(route.get.responses['200'].content['application/json'].schema.properties.data.properties).toHaveProperty('tradingViewIps');
  });
});
