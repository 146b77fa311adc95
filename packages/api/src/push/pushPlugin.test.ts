import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signalStreamId, userStreamId, type DomainEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/projector';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { pushPlugin } from './pushPlugin.js';
import { loadVapidKeys } from './vapidKeys.js';

type Received = { headers: Record<string, string | string[] | undefined>; body: Buffer; url: string };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A local HTTPS push service (self-signed) that records requests and answers `status()`. */
async function pushService(dir: string, status: () => number) {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  const received: Received[] = [];
  const server: Server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks), url: req.url ?? '' });
      res.statusCode = status();
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A browser-like subscription key pair (P-256 public key, 16-byte auth secret). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

async function setUp(status: () => number) {
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-push-'));
  const store: SqliteStore = await openSqliteStore({ file: join(dir, 'store.db'), synchronous: 'NORMAL', pollIntervalMs: 10 });
  const service = await pushService(dir, status);
  const vapid = loadVapidKeys({ dataDir: dir });
  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(pushPlugin, {
    store,
    vapid,
    subject: 'mailto:support@example.com',
    // Test auth: the uid comes from a header; a missing header is 401.
    authenticate: async (request, reply) => {
      if (!request.headers['x-test-uid']) await reply.status(401).send({ success: false, error: 'Unauthorized' });
    },
    uidOf: (request) => String(request.headers['x-test-uid']),
    startNotifier: true,
    agent: new Agent({ rejectUnauthorized: false }),
  });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const signUp: DomainEvent = { type: 'UserSignedUp', v: 1, data: { uid: 'u1', email: 'u1@example.com', passwordHash: null, at: '2026-01-01T00:00:00.000Z' } };
  await store.eventStore.append(userStreamId('u1'), [toNewEvent(signUp)]);
  return { app, store, service, vapid, dir };
}

async function eventually(check: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

async function failSignal(store: SqliteStore, signalId: string) {
  const events: DomainEvent[] = [
    {
      type: 'SignalReceived',
      v: 1,
      data: { signalId, userId: 'u1', receivedAt: '2026-01-01T00:00:01.000Z', rawBody: '{}', alert: { symbol: 'ETH', coin: 'ETH', action: 'sell', orderType: 'market' }, rejection: null },
    },
    { type: 'SignalRejected', v: 1, data: { at: '2026-01-01T00:00:02.000Z', code: 'NO_CREDENTIALS', reason: 'No API keys configured' } },
  ];
  await store.eventStore.append(signalStreamId(signalId), events.map((e) => toNewEvent(e)));
}

describe('web push', () => {
  it('CARD-28, CARD-29: given a subscribed browser, when a signal fails, then an aes128gcm push with a VAPID Authorization reaches its endpoint', async () => {
    // given
    const { app, store, service, vapid } = await setUp(() => 201);
    const subscribe = await app.inject({ method: 'POST', url: '/api/push/subscription', headers: { 'x-test-uid': 'u1' }, payload: { endpoint: `${service.origin}/push/device-1`, keys: browserKeys() } });
    expect(subscribe.json()).toEqual({ success: true, data: { subscribed: true } });
    // when
    await failSignal(store, 'sig-1');
    // then
    await eventually(() => expect(service.received).toHaveLength(1));
    const [push] = service.received;
    expect(push?.url).toBe('/push/device-1');
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(push?.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    expect(push?.body.includes(Buffer.from('No API keys configured'))).toBe(false); // encrypted, not clear text
    expect(push?.body.length).toBeGreaterThan(86);
  });

  it('given the push service answers 410, when a push is sent, then the subscription is removed from the user stream', async () => {
    // given
    const { app, store, service } = await setUp(() => 410);
    const endpoint = `${service.origin}/push/gone`;
    await app.inject({ method: 'POST', url: '/api/push/subscription', headers: { 'x-test-uid': 'u1' }, payload: { endpoint, keys: browserKeys() } });
    // when
    await failSignal(store, 'sig-2');
    // then
    await eventually(async () => {
      const types = (await store.eventStore.readStream(userStreamId('u1'))).map((e) => e.type);
      expect(types).toEqual(['UserSignedUp', 'PushSubscriptionAdded', 'PushSubscriptionRemoved']);
    });
  });

  it('given a subscription, when DELETE is called, then PushSubscriptionRemoved is recorded; without auth it is refused', async () => {
    // given
    const { app, store, service } = await setUp(() => 201);
    const endpoint = `${service.origin}/push/d`;
    await app.inject({ method: 'POST', url: '/api/push/subscription', headers: { 'x-test-uid': 'u1' }, payload: { endpoint, keys: browserKeys() } });
    // when
    const anonymous = await app.inject({ method: 'DELETE', url: '/api/push/subscription', payload: { endpoint } });
    const removed = await app.inject({ method: 'DELETE', url: '/api/push/subscription', headers: { 'x-test-uid': 'u1' }, payload: { endpoint } });
    // then
    expect(anonymous.statusCode).toBe(401);
    expect(removed.json()).toEqual({ success: true, data: { subscribed: false } });
    expect((await store.eventStore.readStream(userStreamId('u1'))).map((e) => e.type)).toEqual(['UserSignedUp', 'PushSubscriptionAdded', 'PushSubscriptionRemoved']);
  });

  it('given no VAPID env, when keys are loaded twice from one data dir, then the same pair is returned and served publicly', async () => {
    // given
    const { app, vapid, dir } = await setUp(() => 201);
    // when
    const again = loadVapidKeys({ dataDir: dir });
    const fromEnv = loadVapidKeys({ dataDir: dir, env: { VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' } });
    const served = await app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    // then
    expect(again).toEqual(vapid);
    expect(fromEnv).toEqual({ publicKey: 'pub', privateKey: 'priv' });
    expect(served.json()).toEqual({ success: true, data: { publicKey: vapid.publicKey } });
  });

  it('given an http (not https) endpoint, when subscribing, then 400', async () => {
    // given
    const { app } = await setUp(() => 201);
    // when
    const res = await app.inject({ method: 'POST', url: '/api/push/subscription', headers: { 'x-test-uid': 'u1' }, payload: { endpoint: 'http://example.com/x', keys: browserKeys() } });
    // then
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });
});
