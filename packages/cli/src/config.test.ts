import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig (ARCHITECTURE §6)', () => {
  it('given an empty environment, when loaded, then the documented defaults apply', () => {
    const cfg = loadConfig({});
    expect(cfg.PORT).toBe(8080);
    expect(cfg.HYPERHOOK_DATA_DIR).toBe('./data');
    expect(cfg.HYPERLIQUID_API_URL).toBe('https://api.hyperliquid.xyz');
    expect(cfg.HYPERLIQUID_TESTNET_API_URL).toBe('https://api.hyperliquid-testnet.xyz');
    expect(cfg.PUBLIC_URL).toBe('http://localhost:8080');
    expect(cfg.NATS_URL).toBeUndefined();
  });

  it('given no exchange budget variables, then the venue budget of 1,200 a minute and mid prices over the socket; a typo fails naming the variable', () => {
    expect(loadConfig({})).toMatchObject({ HYPERLIQUID_WEIGHT_PER_MINUTE: 1200, HYPERLIQUID_MARKET_SOCKET: 'on' });
    expect(loadConfig({ HYPERLIQUID_WEIGHT_PER_MINUTE: '2400', HYPERLIQUID_MARKET_SOCKET: 'off' })).toMatchObject({
      HYPERLIQUID_WEIGHT_PER_MINUTE: 2400,
      HYPERLIQUID_MARKET_SOCKET: 'off',
    });
    expect(() => loadConfig({ HYPERLIQUID_WEIGHT_PER_MINUTE: '12OO' })).toThrow(/HYPERLIQUID_WEIGHT_PER_MINUTE: expected a whole number of weight per minute/);
    expect(() => loadConfig({ HYPERLIQUID_MARKET_SOCKET: 'yes' })).toThrow(/HYPERLIQUID_MARKET_SOCKET: expected "on" or "off"/);
  });

  it('given DATABASE_URL, then the cluster store on PostgreSQL in schema hyperhook; a URL of another database or a bad schema fails naming the variable', () => {
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    expect(loadConfig({}).HYPERHOOK_DATABASE_SCHEMA).toBe('hyperhook');
    expect(loadConfig({ DATABASE_URL: 'postgres://hh@db:5432/hyperhook', HYPERHOOK_DATABASE_SCHEMA: 'tenant_a' })).toMatchObject({
      DATABASE_URL: 'postgres://hh@db:5432/hyperhook',
      HYPERHOOK_DATABASE_SCHEMA: 'tenant_a',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://hh@db/hyperhook' }).DATABASE_URL).toBe('postgresql://hh@db/hyperhook');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/hyperhook' })).toThrow(/DATABASE_URL: expected a PostgreSQL URL/);
    expect(() => loadConfig({ HYPERHOOK_DATABASE_SCHEMA: 'Robert"; DROP' })).toThrow(/HYPERHOOK_DATABASE_SCHEMA: expected a lower-case schema name/);
  });

  it('given KURRENTDB_URL and MONGODB_URL, then they are taken as connection strings of their own kind; another kind fails naming the variable', () => {
    expect(loadConfig({ KURRENTDB_URL: 'kurrentdb+discover://a:2113,b:2113', MONGODB_URL: 'mongodb+srv://cluster0.example.net/hyperhook' })).toMatchObject({
      KURRENTDB_URL: 'kurrentdb+discover://a:2113,b:2113',
      MONGODB_URL: 'mongodb+srv://cluster0.example.net/hyperhook',
    });
    expect(loadConfig({ KURRENTDB_URL: 'esdb://kdb:2113?tls=false' }).KURRENTDB_URL).toBe('esdb://kdb:2113?tls=false');
    expect(() => loadConfig({ KURRENTDB_URL: 'http://kdb:2113' })).toThrow(/KURRENTDB_URL: expected a KurrentDB connection string/);
    expect(() => loadConfig({ MONGODB_URL: 'postgres://db/hyperhook' })).toThrow(/MONGODB_URL: expected a MongoDB URL/);
  });

  it('issue 30, point 2: given the notification variables, when loaded, then private targets are refused by default and the Telegram base may be set', () => {
    expect(loadConfig({}).HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(loadConfig({}).HYPERHOOK_TELEGRAM_API_URL).toBeUndefined();
    expect(loadConfig({ HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS: 'true', HYPERHOOK_TELEGRAM_API_URL: 'http://127.0.0.1:9999' })).toMatchObject({
      HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS: true,
      HYPERHOOK_TELEGRAM_API_URL: 'http://127.0.0.1:9999',
    });
    expect(() => loadConfig({ HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(/HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS: expected "true" or "false"/);
    expect(() => loadConfig({ HYPERHOOK_TELEGRAM_API_URL: 'not a url' })).toThrow(/HYPERHOOK_TELEGRAM_API_URL/);
  });

  it('given PORT only, when loaded, then PUBLIC_URL follows the port', () => {
    expect(loadConfig({ PORT: '9123' }).PUBLIC_URL).toBe('http://localhost:9123');
  });

  it('given a PUBLIC_URL with a trailing slash, when loaded, then the slash is dropped', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://hooks.example.com/' }).PUBLIC_URL).toBe('https://hooks.example.com');
  });

  it('given a non-numeric PORT, when loaded, then it fails naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('given a malformed API URL, when loaded, then it fails naming the variable', () => {
    expect(() => loadConfig({ HYPERLIQUID_API_URL: 'not a url' })).toThrow(/HYPERLIQUID_API_URL/);
  });

  it('API-31: given no ingress variables, when loaded, then the proxy header is not trusted and the gateway keeps its dedupe and per-webhook defaults', () => {
    const cfg = loadConfig({});
    expect(cfg.HYPERHOOK_TRUST_PROXY).toBe(false);
    expect(cfg.HYPERHOOK_DEDUPE_WINDOW_MS).toBeUndefined();
    expect(cfg.HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST).toBeUndefined();
    expect(cfg.HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE).toBeUndefined();
  });

  it('API-31: given the dedupe window and per-webhook budget, when loaded, then they are numbers', () => {
    const cfg = loadConfig({ HYPERHOOK_DEDUPE_WINDOW_MS: '5000', HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST: '10', HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE: '30' });
    expect([cfg.HYPERHOOK_DEDUPE_WINDOW_MS, cfg.HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST, cfg.HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE]).toEqual([5_000, 10, 30]);
  });

  it('issue 32, point 4: given no guessing budget variables, when loaded, then both are unset, so the gateway keeps 60 unknown URLs at once and 60 a minute', () => {
    // when
    const cfg = loadConfig({});
    // then
    expect([cfg.HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST, cfg.HYPERHOOK_WEBHOOK_GUESS_LIMIT_PER_MINUTE]).toEqual([undefined, undefined]);
  });

  it('issue 32, point 4: given the guessing budget variables, when loaded, then they are whole numbers', () => {
    // when
    const cfg = loadConfig({ HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST: '200', HYPERHOOK_WEBHOOK_GUESS_LIMIT_PER_MINUTE: '120' });
    // then
    expect([cfg.HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST, cfg.HYPERHOOK_WEBHOOK_GUESS_LIMIT_PER_MINUTE]).toEqual([200, 120]);
  });

  it.each([
    ['HYPERHOOK_DEDUPE_WINDOW_MS', 'soon', /HYPERHOOK_DEDUPE_WINDOW_MS: expected a whole number of milliseconds/],
    ['HYPERHOOK_DEDUPE_WINDOW_MS', '10', /HYPERHOOK_DEDUPE_WINDOW_MS: expected at least 1000 milliseconds/],
    ['HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST', '0', /HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST: expected at least 1 requests/],
    ['HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE', '1.5', /HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE: expected a whole number of requests per minute/],
    ['HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST', '0', /HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST: expected at least 1 unknown URLs/],
    ['HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST', 'lots', /HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST: expected a whole number of unknown URLs/],
    ['HYPERHOOK_WEBHOOK_GUESS_LIMIT_PER_MINUTE', '1.5', /HYPERHOOK_WEBHOOK_GUESS_LIMIT_PER_MINUTE: expected a whole number of unknown URLs per minute/],
    ['HYPERHOOK_WEBHOOK_GUESS_LIMIT_PER_MINUTE', '60001', /HYPERHOOK_WEBHOOK_GUESS_LIMIT_PER_MINUTE: expected at most 60000 unknown URLs per minute/],
  ])('API-31: given %s=%s, when loaded, then start-up fails naming the variable and the rule', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['false', false],
    [' 10.0.0.0/8, 127.0.0.1 ,::1,loopback', ['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']],
  ])('API-31: given HYPERHOOK_TRUST_PROXY=%j, when loaded, then Fastify gets %j', (value, expected) => {
    expect(loadConfig({ HYPERHOOK_TRUST_PROXY: value }).HYPERHOOK_TRUST_PROXY).toEqual(expected);
  });

  it('API-31: given HYPERHOOK_TRUST_PROXY as a hop count, when loaded, then start-up fails: Fastify would silently trust nothing', () => {
    expect(() => loadConfig({ HYPERHOOK_TRUST_PROXY: '1' })).toThrow(/HYPERHOOK_TRUST_PROXY: a hop count is not supported/);
  });

  it('API-31: given HYPERHOOK_TRUST_PROXY with a host name, when loaded, then start-up fails naming the entry', () => {
    expect(() => loadConfig({ HYPERHOOK_TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(/HYPERHOOK_TRUST_PROXY: .*not an address: proxy\.internal/);
  });

  it('given HYPERHOOK_RETRY_DEADLINE_MS, when loaded, then it is a number of milliseconds; unset, then the executor keeps its own', () => {
    // when
    const [set, unset] = [loadConfig({ HYPERHOOK_RETRY_DEADLINE_MS: '8000' }), loadConfig({})];
    // then
    expect([set.HYPERHOOK_RETRY_DEADLINE_MS, unset.HYPERHOOK_RETRY_DEADLINE_MS]).toEqual([8_000, undefined]);
  });

  it.each([
    ['soon', /HYPERHOOK_RETRY_DEADLINE_MS: expected a whole number of milliseconds/],
    ['0', /HYPERHOOK_RETRY_DEADLINE_MS: expected a positive number of milliseconds/],
  ])('given HYPERHOOK_RETRY_DEADLINE_MS=%s, when loaded, then start-up fails naming the variable and the rule', (value, message) => {
    expect(() => loadConfig({ HYPERHOOK_RETRY_DEADLINE_MS: value })).toThrow(message);
  });

  it('given OIDC_<ID>_* variables among others, when loaded, then the configuration carries those alone', () => {
    // when
    const cfg = loadConfig({ OIDC_GOOGLE_ISSUER: 'https://accounts.google.com', OIDC_GOOGLE_CLIENT_ID: 'client', HOME: '/home/someone' });
    // then
    expect(cfg.OIDC_VARIABLES).toEqual({ OIDC_GOOGLE_ISSUER: 'https://accounts.google.com', OIDC_GOOGLE_CLIENT_ID: 'client' });
  });

  it('CARD-27: given no HYPERHOOK_PWA_DIR, when loaded, then it is unset (the gateway serves packages/pwa/dist)', () => {
    expect(loadConfig({}).HYPERHOOK_PWA_DIR).toBeUndefined();
  });

  it('CARD-27: given HYPERHOOK_PWA_DIR as a relative path to a PWA build, when loaded, then the absolute directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hyperhook-pwa-dir-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html>');
      expect(loadConfig({ HYPERHOOK_PWA_DIR: relative(process.cwd(), dir) }).HYPERHOOK_PWA_DIR).toBe(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('CARD-27: given HYPERHOOK_PWA_DIR naming a directory without a build, when loaded, then start-up fails naming the variable: a typo must not serve no app', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hyperhook-pwa-dir-'));
    try {
      expect(() => loadConfig({ HYPERHOOK_PWA_DIR: dir })).toThrow(/HYPERHOOK_PWA_DIR: expected a directory holding the built PWA/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
