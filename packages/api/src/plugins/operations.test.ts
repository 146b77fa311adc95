import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WeightMeter } from '@hyperhook/hyperliquid';
import { call, createTestApp, KEYS, keysBody, signUp, useTestApp } from '../testing/testApp.js';

const stack = useTestApp();

// /metrics: metrics.test.ts.
describe('health, readiness, OpenAPI', () => {
  it('given a running app, when probing /healthz and /readyz, then both answer 200', async () => {
    expect((await stack.t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ success: true, data: { status: 'ok' } });
    const ready = await stack.t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toMatchObject({ status: 'ready', backend: 'sqlite', store: 'ok', storeLatencyMs: expect.any(Number) });
  });

  it('given a projector that cannot catch up, when probing /readyz, then 503 while /healthz stays 200', async () => {
    const lagging = await createTestApp({ sim: stack.sim, projection: () => ({ waitFor: () => Promise.reject(new Error('behind')) }) });
    try {
      const res = await lagging.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, error: 'Read models are catching up', data: { backend: 'sqlite', store: 'ok' } });
      expect((await lagging.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await lagging.close();
    }
  });

  it('given a store that does not answer, when probing /readyz, then 503 names the backend and the store as unreachable', async () => {
    const broken = await createTestApp({ sim: stack.sim });
    try {
      broken.store.eventStore.headPosition = () => Promise.reject(new Error('connection refused'));
      const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, error: 'Store unreachable', data: { backend: 'sqlite', store: 'unreachable' } });
    } finally {
      await broken.close();
    }
  });

  it('API-01: given the app, when reading /api/docs, then an OpenAPI document lists every /api route with its schemas', async () => {
    const res = await stack.t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/signup',
      '/api/auth/login',
      '/api/keys',
      '/api/settings',
      '/api/positions/{symbol}',
      '/api/balance',
      '/api/referral/decline',
      '/api/webhook-logs',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });
});

describe('security headers, CORS, limits, errors', () => {
  it('given any answer, when reading headers, then helmet CSP is set and CORS allows only PUBLIC_URL', async () => {
    const own = await stack.t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://hyperhook.test' } });
    expect(own.headers['content-security-policy']).toContain("default-src 'self'");
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['access-control-allow-origin']).toBe('https://hyperhook.test');
    const evil = await stack.t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).not.toBe('https://evil.example');
  });

  it('issue 32, point 4: given PUBLIC_URL on https, then HSTS and upgrade-insecure-requests; on plain http (localhost or a LAN address), neither, so the install keeps working', async () => {
    const tls = await stack.t.app.inject({ method: 'GET', url: '/healthz' });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(tls.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    for (const publicUrl of ['http://localhost:3000', 'http://192.168.1.20:3000']) {
      const plain = await createTestApp({ sim: stack.sim, config: { publicUrl } });
      try {
        const res = await plain.app.inject({ method: 'GET', url: '/healthz' });
        expect(res.headers['strict-transport-security'], publicUrl).toBeUndefined();
        expect(res.headers['content-security-policy'], publicUrl).not.toContain('upgrade-insecure-requests');
        expect(res.headers['content-security-policy'], publicUrl).toContain("default-src 'self'");
      } finally {
        await plain.close();
      }
    }
  });

  it('API-01: given a CORS preflight from PUBLIC_URL, when sent to a protected route, then it is allowed without a token', async () => {
    const res = await stack.t.app.inject({
      method: 'OPTIONS',
      url: '/api/keys',
      headers: { origin: 'https://hyperhook.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://hyperhook.test');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('ERR-01: given a body over 64 KiB, when posting, then 413 in the envelope', async () => {
    const res = await stack.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 'x'.repeat(70_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: 'Request body is too large' });
  });

  it("ERR-01: given malformed JSON, when posting, then 400 in the envelope with the parser's error string", async () => {
    const res = await stack.t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: "Body is not valid JSON but content-type is set to 'application/json'" });
  });

  it('ERR-01: given unknown /api and /hook paths, when requested, then JSON 404 in the envelope', async () => {
    for (const url of ['/api/nope', '/hook', '/api/keys/extra']) {
      const res = await stack.t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Not found' });
    }
  });

  it('ERR-25: given the auth budget exhausted, when logging in again, then 429 in the envelope', async () => {
    const strict = await createTestApp({ sim: stack.sim, config: { rateLimit: { max: 1000, authMax: 2 } } });
    try {
      const attempt = () => strict.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'whatever' } });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ success: false, error: 'Too many requests, please try again later.' });
      // Other routes keep the global budget.
      expect((await strict.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('ERR-01: given an unexpected failure, when a route throws, then 500 "Internal server error" without internals, logged server-side', async () => {
    const broken = await createTestApp({
      sim: stack.sim,
      hyperliquid: () => ({
        verifyAgentKey: () => Promise.reject(new Error('SQLITE_CORRUPT at /var/lib/secret.db')),
        confirmAgentKey: () => Promise.reject(new Error('unused')),
        getAccountSnapshot: () => Promise.reject(new Error('unused')),
        accountMode: () => Promise.reject(new Error('unused')),
        getAsset: () => Promise.reject(new Error('unused')),
        getAssets: () => Promise.reject(new Error('unused')),
        getMids: () => Promise.reject(new Error('unused')),
        getActionBudget: () => Promise.reject(new Error('unused')),
        getSubAccounts: () => Promise.reject(new Error('unused')),
        budget: () => new WeightMeter({ budgetPerMinute: 1200 }).stats(),
        marketFeed: () => undefined,
      }),
    });
    try {
      const user = await signUp(broken.app);
      const res = await call(broken.app, 'POST', '/api/keys', user.token, keysBody('A'));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, error: 'Internal server error' });
      expect(broken.logs.join('')).toContain('SQLITE_CORRUPT');
    } finally {
      await broken.close();
    }
  });
});

describe('log redaction', () => {
  it('given sign-up, login, key save and a webhook URL call, when reading the captured logs, then no password, private key, token or webhook secret appears', async () => {
    const logged = await createTestApp({ sim: stack.sim, config: {} });
    try {
      const password = 'Sup3r-Secret-Passw0rd';
      const user = await signUp(logged.app, 'redact@example.com', password);
      await logged.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'redact@example.com', password } });
      await logged.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'redact@example.com', password: `${password}-wrong` } });
      expect((await call(logged.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
      const url: string = (await call(logged.app, 'GET', '/api/auth/webhook-url', user.token)).json().data.webhookUrl;
      const secret = url.split('/hook/')[1] as string;
      await logged.app.inject({ method: 'GET', url: `/hook/${secret}` });
      const output = logged.logs.join('');
      expect(output.length).toBeGreaterThan(0);
      expect(output).toContain('/api/keys');
      expect(output).not.toContain(password);
      expect(output).not.toContain(KEYS.agentA.slice(2));
      expect(output).not.toContain(user.token);
      expect(output).not.toContain(secret);
      expect(output).toContain('/hook/[REDACTED]');
    } finally {
      await logged.close();
    }
  });
});

describe('PWA serving', () => {
  it('given no PWA build, when requesting /, then a small JSON status', async () => {
    const res = await stack.t.app.inject({ method: 'GET', url: '/' });
    expect(res.json()).toEqual({ success: true, data: { name: 'hyperhook', status: 'ok', pwa: 'not built' } });
  });

  it('ROUTE-01, ROUTE-05, ROUTE-06, API-02: given a built PWA, when requesting client routes without a token, then index.html (/, /terms and /privacy are public); files are served; /api answers on the same origin and unknown /api and /hook paths stay JSON 404s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hyperhook-pwa-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>hyperhook</title><div id="root"></div>');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
    const withPwa = await createTestApp({ sim: stack.sim, config: { pwaDir: dir } });
    try {
      for (const url of ['/', '/login', '/signup', '/dashboard', '/terms', '/privacy', '/dashboard?tab=keys']) {
        const res = await withPwa.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body, url).toContain('<div id="root">');
      }
      const asset = await withPwa.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log("app")');
      for (const url of ['/api/unknown', '/hook/unknown-secret/x', '/api']) {
        const res = await withPwa.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ success: false, error: 'Not found' });
      }
      expect((await withPwa.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    } finally {
      await withPwa.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
