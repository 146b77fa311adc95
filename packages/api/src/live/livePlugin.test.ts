import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { signalStreamId, userStreamId, type DomainEvent } from '@hyperhook/domain';
import { startProjector } from '@hyperhook/projector';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { openSqliteStore } from '@hyperhook/store';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fuzzRuns, fuzzSeed } from '../fuzz/fuzzSeed.js';
import { hostileBody } from '../fuzz/hostileBodies.js';
import { eventually } from '../testing/eventually.js';
import { livePlugin } from './livePlugin.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const signUp = (uid: string): DomainEvent[] => [
  { type: 'UserSignedUp', v: 1, data: { uid, email: `${uid}@example.com`, passwordHash: null, at: '2026-01-01T00:00:00.000Z' } },
];
const received = (uid: string, signalId: string): DomainEvent => ({
  type: 'SignalReceived',
  v: 1,
  data: {
    signalId,
    userId: uid,
    receivedAt: '2026-01-01T00:00:01.000Z',
    rawBody: '{}',
    alert: { symbol: 'BTC', coin: 'BTC', action: 'buy', orderType: 'market' },
    rejection: null,
  },
});

async function setUp(heartbeatMs?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-live-'));
  const store = await openSqliteStore({ file: join(dir, 'store.db'), synchronous: 'NORMAL', pollIntervalMs: 10 });
  const projector = startProjector({ store });
  const app = Fastify({ logger: false });
  // Test tokens: "token-<uid>" is valid for <uid>.
  await app.register(livePlugin, {
    store,
    ...(heartbeatMs ? { heartbeatMs } : {}),
    verifyAccessToken: async (token) => {
      if (!token.startsWith('token-')) throw new Error('invalid token');
      return { uid: token.slice(6) };
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(async () => {
    await app.close();
    await projector.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  let signedUp = 0;
  for (const uid of ['ua', 'ub'])
    signedUp = (
      await store.eventStore.append(
        userStreamId(uid),
        signUp(uid).map((e) => toNewEvent(e)),
      )
    ).lastPosition;
  // The sign-ups' own read-model changes are projected before anyone connects (caughtUp alone may resolve on the empty log).
  await projector.waitFor(signedUp);
  const port = (app.server.address() as AddressInfo).port;
  return { store, projector, url: `ws://127.0.0.1:${port}/api/live` };
}

/** Opens a socket and records every message; resolves once open. */
async function connect(url: string, protocols?: string[]) {
  const socket = new WebSocket(url, protocols);
  const messages: { type: string; [key: string]: unknown }[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as { type: string }));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  cleanups.push(async () => void socket.close());
  return { socket, messages };
}

describe('GET /api/live', () => {
  it('TAB-LOGS-05, API-28, CARD-25: given A and B connected, when a log of A changes, then A receives it and B never does', async () => {
    // given
    const { store, projector, url } = await setUp();
    const a = await connect(`${url}?token=token-ua`);
    const b = await connect(url, ['bearer', 'token-ub']);
    await eventually(() => expect([a.messages[0]?.type, b.messages[0]?.type]).toEqual(['resync', 'resync']));
    // when
    const { lastPosition } = await store.eventStore.append(signalStreamId('sa'), [toNewEvent(received('ua', 'sa'))]);
    await projector.waitFor(lastPosition);
    // then
    await eventually(() => expect(a.messages.some((m) => m.type === 'change' && m.collection === 'webhookLogs' && m.id === 'sa')).toBe(true));
    // A later log of B's own bounds the wait: a socket gets its notices in projection order, so a
    // leaked change of A's would reach B before B's own.
    const later = await store.eventStore.append(signalStreamId('sb'), [toNewEvent(received('ub', 'sb'))]);
    await projector.waitFor(later.lastPosition);
    await eventually(() => expect(b.messages.some((m) => m.type === 'change')).toBe(true));
    expect(b.messages.find((m) => m.type === 'change')).toMatchObject({ collection: 'webhookLogs', id: 'sb' });
    expect(b.messages.filter((m) => m.type === 'change' && m.id === 'sa')).toEqual([]);
    expect(a.messages.find((m) => m.id === 'sa')).toMatchObject({ version: lastPosition, doc: { webhookLogId: 'sa', status: 'received' } });
  });

  it('API-28: given changes while disconnected, when the client reconnects, then the first message is a resync holding them', async () => {
    // given
    const { store, projector, url } = await setUp();
    const first = await connect(`${url}?token=token-ua`);
    await eventually(() => expect(first.messages[0]?.type).toBe('resync'));
    first.socket.close();
    const { lastPosition } = await store.eventStore.append(signalStreamId('s-offline'), [toNewEvent(received('ua', 's-offline'))]);
    await projector.waitFor(lastPosition);
    // when
    const again = await connect(`${url}?token=token-ua`);
    // then
    await eventually(() => expect(again.messages[0]?.type).toBe('resync'));
    const data = again.messages[0]?.data as { webhookLogs: { webhookLogId: string }[]; settings: unknown; keys: { configured: boolean }; positions: unknown[] };
    expect(data.webhookLogs.map((l) => l.webhookLogId)).toEqual(['s-offline']);
    expect(data.keys.configured).toBe(false);
    expect(data.positions).toEqual([]);
    expect(data.settings).toBeDefined();
  });

  it('given no token or a bad one, when connecting, then the handshake is refused with 401', async () => {
    // given
    const { url } = await setUp();
    // when
    const statuses = await Promise.all(
      [url, `${url}?token=bogus`].map(
        (target) =>
          new Promise<number>((resolve) => {
            const socket = new WebSocket(target);
            socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
            socket.on('open', () => resolve(101));
            socket.on('error', () => undefined);
          }),
      ),
    );
    // then
    expect(statuses).toEqual([401, 401]);
  });

  it('given a client that stops answering pings, when heartbeats go unanswered, then the server closes the socket; a responsive client stays', async () => {
    // given
    const { url } = await setUp(40);
    const silent = new WebSocket(`${url}?token=token-ua`, { autoPong: false });
    const responsive = await connect(`${url}?token=token-ub`);
    const closed = new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)));
    cleanups.push(async () => void silent.terminate());
    // when
    const code = await closed;
    // then
    expect(code).toBe(1006); // terminated without a close frame
    expect(responsive.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('GET /api/live under hostile frames (issue 32, point 1)', () => {
  it('issue 32, point 1: given any text or binary frames a client sends, then the socket stays up, still answers ping and still delivers changes; a frame past 4 KiB closes it with 1009', async () => {
    const seed = fuzzSeed('/api/live frames');
    const { store, url } = await setUp();
    const socket = new WebSocket(`${url}?token=token-ua`);
    const texts: string[] = [];
    socket.on('message', (data) => texts.push(data.toString()));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    cleanups.push(async () => void socket.close());
    await eventually(() => expect(texts.some((text) => text.startsWith('{"type":"resync"'))).toBe(true));

    const frame = fc.oneof(
      hostileBody.map((body) => (typeof body === 'string' ? body.slice(0, 4000) : body.subarray(0, 4000))),
      fc.constantFrom('PING', 'ping ', ' ping', '{"type":"resync"}', '{"type":"change","collection":"webhookLogs","id":"x"}', ''),
    );
    await fc.assert(
      fc.asyncProperty(frame, async (data) => {
        const before = texts.length;
        socket.send(data);
        socket.send('ping');
        await eventually(() => expect(texts.slice(before)).toContain('pong'));
        expect(socket.readyState).toBe(WebSocket.OPEN);
      }),
      { seed, numRuns: fuzzRuns(60) },
    );
    // Still delivering: a change of ua's logs arrives after all of it.
    await store.eventStore.append(signalStreamId('after-fuzz'), [toNewEvent(received('ua', 'after-fuzz'))]);
    await eventually(() => expect(texts.some((text) => text.includes('after-fuzz'))).toBe(true));

    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('x'.repeat(5000));
    expect(await closed).toBe(1009);
  });
});
