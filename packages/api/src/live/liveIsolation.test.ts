import type { AddressInfo } from 'node:net';
import type { Simulator } from '@hyperhook/venue-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually } from '../testing/eventually.js';
import { openBtcLong } from '../testing/openBtcLong.js';
import { ADDRESSES, call, createTestApp, keysBody, KEYS, signUp, startTestSimulator, type TestApp, type TestUser } from '../testing/testApp.js';

type Message = { type: 'resync'; data: Record<string, unknown> } | { type: 'change'; collection: string; id: string; version: number; doc: unknown };

let sim: Simulator;
let t: TestApp;
let liveUrl: string;
const sockets: WebSocket[] = [];

const settingsOf = (leverage: number, value: number) => ({
  positionSizing: { mode: 'fixed', value },
  riskLimits: { maxPositionSize: 5000, maxOpenPositions: 4 },
  trading: { leverage, slippageTolerance: 0.5, requireStopLoss: false },
});

beforeAll(async () => {
  sim = await startTestSimulator();
  t = await createTestApp({ sim });
  // A real BTC long on main account A, so A's positions and balance differ from B's.
  await openBtcLong(t.client, { accountAddress: ADDRESSES.masterA, agentPrivateKey: KEYS.agentA, isTestnet: true }, '0.01', `0x${'56'.repeat(16)}`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  liveUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/live`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

/** A real WebSocket client on /api/live with a real access token; resolves once the resync arrived. */
async function connect(user: TestUser, via: 'query' | 'subprotocol') {
  const socket = via === 'query' ? new WebSocket(`${liveUrl}?token=${user.token}`) : new WebSocket(liveUrl, ['bearer', user.token]);
  sockets.push(socket);
  const messages: Message[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
  await eventually(() => expect(messages[0]?.type).toBe('resync'));
  const changes = (collection?: string) =>
    messages.filter((m): m is Extract<Message, { type: 'change' }> => m.type === 'change' && (collection === undefined || m.collection === collection));
  return { socket, messages, changes, latest: (collection: string) => changes(collection).at(-1)?.doc };
}

const get = async (user: TestUser, url: string) => {
  const res = await call(t.app, 'GET', url, user.token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};
const send = async (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await call(t.app, method, url, user.token, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
};

describe('GET /api/live through the gateway (real tokens, real socket)', () => {
  it("TAB-POS-06, API-29, CARD-25, ROLE-02, ROLE-03: given A and B connected, when each changes keys, positions, balance and settings, then each socket gets only its owner's changes, as the reads answer them", async () => {
    // given
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const a = await connect(alice, 'query');
    const b = await connect(bob, 'subprotocol');
    // when: interleaved, so a leak would land between the owner's own changes
    await send(alice, 'POST', '/api/keys', keysBody('A'));
    await send(bob, 'PUT', '/api/settings', settingsOf(9, 111));
    await get(alice, '/api/positions/sync');
    await send(bob, 'POST', '/api/keys', keysBody('B'));
    await send(alice, 'PUT', '/api/settings', settingsOf(4, 444));
    await get(bob, '/api/balance');
    // then: each owner sees every kind of change, equal to what the gateway's reads answer
    await eventually(() => {
      expect(a.latest('keySummary')).toMatchObject({ configured: true, accountAddress: ADDRESSES.masterA });
      expect(a.latest('settings')).toEqual(settingsOf(4, 444));
      expect(a.latest('positions')).toEqual([expect.objectContaining({ symbol: 'BTC', side: 'long', size: 0.01 })]);
      expect(a.latest('balances')).toBeDefined();
      expect(b.latest('keySummary')).toMatchObject({ configured: true, accountAddress: ADDRESSES.masterB });
      expect(b.latest('settings')).toEqual(settingsOf(9, 111));
      expect(b.latest('balances')).toMatchObject({ availableBalance: 2000, totalEquity: 2000 });
    });
    expect(a.latest('keySummary')).toEqual(await get(alice, '/api/keys'));
    expect(a.latest('positions')).toEqual(await get(alice, '/api/positions'));
    expect(a.latest('balances')).toEqual(await get(alice, '/api/balance'));
    expect(b.latest('balances')).toEqual(await get(bob, '/api/balance'));
    expect(b.latest('positions')).toEqual([]);
    // …and nothing of the other user: every change names its owner, and no other account's address appears.
    expect(a.changes().map((m) => m.id)).toEqual(a.changes().map(() => alice.uid));
    expect(b.changes().map((m) => m.id)).toEqual(b.changes().map(() => bob.uid));
    expect(JSON.stringify(a.messages)).not.toContain(ADDRESSES.masterB);
    expect(JSON.stringify(b.messages)).not.toContain(ADDRESSES.masterA);
    expect(b.changes('settings').map((m) => m.doc)).not.toContainEqual(settingsOf(4, 444));

    // when A deletes its keys, then A's socket shows them gone and B's keys are untouched
    const bChangesBefore = b.changes().length;
    await send(alice, 'DELETE', '/api/keys');
    await eventually(() => expect(a.latest('keySummary')).toMatchObject({ configured: false }));
    // A later change of B's own bounds the wait: a socket gets its notices in projection order, so
    // a leaked change of A's would reach B before B's own.
    await send(bob, 'PUT', '/api/settings', settingsOf(3, 333));
    await eventually(() => expect(b.latest('settings')).toEqual(settingsOf(3, 333)));
    expect(b.changes().slice(bChangesBefore)).toEqual([expect.objectContaining({ collection: 'settings', id: bob.uid, doc: settingsOf(3, 333) })]);
  });

  it('API-28, API-29, TAB-POS-06: given changes while disconnected, when the client reconnects, then its first message is a resync with its own current state only', async () => {
    // given
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const first = await connect(alice, 'query');
    expect(first.messages[0]).toMatchObject({ type: 'resync', data: { keys: { configured: false }, positions: [], balance: null } });
    first.socket.close();
    await send(alice, 'POST', '/api/keys', keysBody('A'));
    await get(alice, '/api/positions/sync');
    await send(alice, 'PUT', '/api/settings', settingsOf(7, 777));
    await send(bob, 'PUT', '/api/settings', settingsOf(2, 222));
    // when
    const again = await connect(alice, 'subprotocol');
    const other = await connect(bob, 'query');
    // then
    const resync = again.messages[0];
    expect(resync?.type).toBe('resync');
    const data = (resync as Extract<Message, { type: 'resync' }>).data;
    expect(data.settings).toEqual(settingsOf(7, 777));
    expect(data.keys).toEqual(await get(alice, '/api/keys'));
    expect(data.positions).toEqual(await get(alice, '/api/positions'));
    expect(data.balance).toEqual(await get(alice, '/api/balance'));
    expect(data.webhookLogs).toEqual([]);
    const bobsData = (other.messages[0] as Extract<Message, { type: 'resync' }>).data;
    expect(bobsData).toMatchObject({ settings: settingsOf(2, 222), keys: { configured: false }, positions: [], balance: null });
    expect(JSON.stringify(bobsData)).not.toContain(ADDRESSES.masterA);
  });

  it('CARD-07: given the gateway buildApp makes, when inspected and connected to, then it is a Fastify 5 instance with @fastify/websocket registered by the live plugin, over which /api/live upgrades a real socket', async () => {
    // given
    const user = await signUp(t.app);
    // when
    const live = await connect(user, 'query');
    // then
    expect(t.app.version).toMatch(/^5\./);
    // The plugin tree: @fastify/websocket is registered inside the live plugin that serves /api/live.
    expect(t.app.printPlugins()).toMatch(/livePlugin[^\n]*\n[│ ]*├─┬ @fastify\/websocket /);
    expect(t.app.hasRoute({ method: 'GET', url: '/api/live' })).toBe(true);
    expect(live.messages[0]?.type).toBe('resync');
  });

  it('ROLE-04: given a revoked (signed-out) or expired access token, when connecting, then the handshake is refused with 401', async () => {
    // given
    const signedOut = await signUp(t.app);
    await send(signedOut, 'POST', '/api/auth/logout');
    const expiring = await signUp(t.app);
    const status = (token: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`${liveUrl}?token=${token}`);
        sockets.push(socket);
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('open', () => resolve(101));
        socket.on('error', () => undefined);
      });
    // when / then
    expect(await status(signedOut.token)).toBe(401);
    t.advanceClock(16 * 60 * 1000);
    try {
      expect(await status(expiring.token)).toBe(401);
    } finally {
      t.advanceClock(-16 * 60 * 1000);
    }
    expect(await status(expiring.token)).toBe(101);
  });
});
