import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@hyperhook/api';
import { HyperliquidClient } from '@hyperhook/hyperliquid';
import { startProjector, type Projector } from '@hyperhook/projector';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, describe, expect, it } from 'vitest';
import { apiDepsOf } from './apiDeps.js';
import { loadConfig } from './config.js';

const open: { app: Awaited<ReturnType<typeof buildApp>>; projector: Projector; store: SqliteStore }[] = [];
afterEach(async () => {
  for (const { app, projector, store } of open.splice(0)) {
    await app.close();
    await projector.stop();
    await store.close();
  }
});

/** The gateway `hyperhook api` would build from this environment, on an in-memory store. */
async function gatewayFrom(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  const store = await openSqliteStore({ file: ':memory:' });
  const projector = startProjector({ store, onSkip: () => undefined });
  const client = new HyperliquidClient({ mainnetApiUrl: 'http://127.0.0.1:9', testnetApiUrl: 'http://127.0.0.1:9', timeoutMs: 1_000 });
  const deps = apiDepsOf({ config, store, masterKey: randomBytes(32), client, projection: projector });
  const app = await buildApp({ ...deps, logger: false });
  await app.ready();
  open.push({ app, projector, store });
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `env-${Date.now()}@example.com`, password: 'correct horse' } });
  const token = signup.json<{ data: { token: string } }>().data.token;
  const url = (await app.inject({ method: 'GET', url: '/api/auth/webhook-url', headers: { authorization: `Bearer ${token}` } })).json<{
    data: { webhookUrl: string };
  }>().data.webhookUrl;
  const hook = (id: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      payload: JSON.stringify({ id, symbol: 'BTC', action: 'buy' }),
      headers: { 'content-type': 'text/plain', ...headers },
    });
  return { app, deps, token, hook };
}

describe('apiDepsOf: ingress settings from the environment reach the gateway', () => {
  it('API-31: given the four ingress variables, when the api deps are built, then the gateway configuration carries them', async () => {
    // when
    const { deps } = await gatewayFrom({
      HYPERHOOK_DEDUPE_WINDOW_MS: '5000',
      HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST: '7',
      HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE: '30',
      HYPERHOOK_TRUST_PROXY: '10.0.0.0/8',
    });
    // then
    expect(deps.config).toMatchObject({ dedupeWindowMs: 5_000, webhookRateLimit: { burst: 7, perMinute: 30 }, trustProxy: ['10.0.0.0/8'] });
  });

  it('API-31: given HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST=1, when two alerts arrive at once, then the second is 429', async () => {
    // given
    const { hook } = await gatewayFrom({ HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST: '1' });
    // when
    const first = await hook('one');
    const second = await hook('two');
    // then
    expect([first.statusCode, second.statusCode]).toEqual([200, 429]);
  });

  it('issue 32, point 4: given the guessing budget variables, when the api deps are built, then the gateway configuration carries them', async () => {
    // when
    const { deps } = await gatewayFrom({ HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST: '3', HYPERHOOK_WEBHOOK_GUESS_LIMIT_PER_MINUTE: '6' });
    // then
    expect(deps.config.webhookGuessLimit).toEqual({ burst: 3, perMinute: 6 });
  });

  it('issue 32, point 4: given HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST=2, when one address posts three unknown webhook URLs, then the third is 429 and another address is still answered 404', async () => {
    // given
    const { app } = await gatewayFrom({ HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST: '2' });
    const guess = (i: number, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: `/hook/${`guess${i}`.padEnd(32, 'x')}`,
        payload: '{"symbol":"BTC","action":"buy"}',
        headers: { 'content-type': 'text/plain' },
        remoteAddress,
      });
    // when
    const answers = [await guess(1, '198.51.100.7'), await guess(2, '198.51.100.7'), await guess(3, '198.51.100.7'), await guess(4, '198.51.100.8')];
    // then
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 429, 404]);
  });

  it('API-31: given HYPERHOOK_TRUST_PROXY=true and an allowlist, when the proxy forwards an allowed client, then it is accepted', async () => {
    // given
    const { app, token, hook } = await gatewayFrom({ HYPERHOOK_TRUST_PROXY: 'true' });
    const put = await app.inject({
      method: 'PUT',
      url: '/api/webhook/ip-allowlist',
      headers: { authorization: `Bearer ${token}` },
      payload: { ips: ['203.0.113.9'] },
    });
    // when
    const forwarded = await hook('fwd', { 'x-forwarded-for': '203.0.113.9' });
    const unforwarded = await hook('direct');
    // then
    expect(put.statusCode).toBe(200);
    expect(forwarded.statusCode).toBe(200);
    expect(unforwarded.statusCode).toBe(403);
  });
});

describe('apiDepsOf: the referral code is configuration (ARCHITECTURE §9)', () => {
  it('PROD-04: given HYPERLIQUID_REFERRAL_CODE and then no such variable, when a user reads GET /api/referral, then it answers the configured code, else the default HYPERHOOK', async () => {
    // given
    const configured = await gatewayFrom({ HYPERLIQUID_REFERRAL_CODE: 'TRADER42' });
    const unset = await gatewayFrom({});
    // when
    const read = ({ app, token }: { app: Awaited<ReturnType<typeof buildApp>>; token: string }) =>
      app.inject({ method: 'GET', url: '/api/referral', headers: { authorization: `Bearer ${token}` } });
    const [withCode, withDefault] = await Promise.all([read(configured), read(unset)]);
    // then
    expect(withCode.json()).toMatchObject({ success: true, data: { referralCode: 'TRADER42' } });
    expect(withDefault.json()).toMatchObject({ success: true, data: { referralCode: 'HYPERHOOK' } });
  });
});

describe('apiDepsOf: the web push keys', () => {
  it('CARD-28: given VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when the PWA asks for the public key, then the gateway answers the configured one', async () => {
    // given
    const { app } = await gatewayFrom({ VAPID_PUBLIC_KEY: 'configured-public', VAPID_PRIVATE_KEY: 'configured-private' });
    // when
    const answer = await app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    // then
    expect(answer.json()).toMatchObject({ success: true, data: { publicKey: 'configured-public' } });
  });

  it('CARD-28: given only VAPID_PUBLIC_KEY, when the api deps are built, then no pair is configured and the gateway generates one into the data dir', async () => {
    // given
    const dataDir = join(tmpdir(), 'hyperhook-vapid-half');
    // when
    const { deps } = await gatewayFrom({ VAPID_PUBLIC_KEY: 'half-a-pair', HYPERHOOK_DATA_DIR: dataDir });
    // then
    expect(deps.config.vapidKeys).toBeUndefined();
    expect(deps.config.dataDir).toBe(dataDir);
  });
});

describe('apiDepsOf: where the PWA is served from', () => {
  it("CARD-27: given HYPERHOOK_PWA_DIR naming a build, when the gateway is built from the environment, then it serves that build's index.html for client routes", async () => {
    // given
    const dir = mkdtempSync(join(tmpdir(), 'hyperhook-pwa-dir-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>copied build</title>');
    try {
      // when
      const { app, deps } = await gatewayFrom({ HYPERHOOK_PWA_DIR: dir });
      const page = await app.inject({ method: 'GET', url: '/dashboard' });
      // then
      expect(deps.config.pwaDir).toBe(dir);
      expect(page.body).toContain('copied build');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
