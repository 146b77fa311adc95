import type { ReceivedLiveMessage } from '@hyperhook/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { live, server } from '../../test/server';
import { LiveConnection } from './liveConnection';
import type { LiveStatus } from './liveStore';
import { reconnectDelay } from './reconnectDelay';

const snapshot = { type: 'resync', data: { webhookLogs: [], positions: [], balance: null, settings: null, keys: null, referral: null, protectiveOrders: [] } };

afterEach(() => vi.useRealTimers());

describe('LiveConnection', () => {
  it('given a server, when connecting, then the token rides as the "bearer, <token>" subprotocol, the resync arrives and the status is live', async () => {
    const protocols: unknown[] = [];
    server.use(
      live.addEventListener('connection', ({ client, info }) => {
        protocols.push(info.protocols);
        client.send(JSON.stringify(snapshot));
      }),
    );
    const messages: ReceivedLiveMessage[] = [];
    const statuses: LiveStatus[] = [];
    const connection = new LiveConnection({
      token: async () => 'tok-1',
      onMessage: (m) => messages.push(m),
      onStatus: (s) => statuses.push(s),
      url: 'ws://localhost:3000/api/live',
    });
    connection.start();
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    connection.stop();
    expect(protocols).toEqual([['bearer', 'tok-1']]);
    expect(messages[0]?.type).toBe('resync');
    expect(statuses).toEqual(['connecting', 'live']);
  });

  it('given the server drops the socket, then the client reconnects (with a fresh token) and resyncs, so nothing between the two is lost', async () => {
    let connections = 0;
    server.use(
      live.addEventListener('connection', ({ client }) => {
        connections += 1;
        client.send(JSON.stringify(snapshot));
        if (connections === 1) setTimeout(() => client.close(1011, 'restart'), 10);
      }),
    );
    let tokens = 0;
    const resyncs: ReceivedLiveMessage[] = [];
    const connection = new LiveConnection({
      token: async () => `tok-${(tokens += 1)}`,
      onMessage: (m) => resyncs.push(m),
      onStatus: () => undefined,
      url: 'ws://localhost:3000/api/live',
    });
    connection.start();
    await vi.waitFor(() => expect(resyncs).toHaveLength(2), { timeout: 3_000 });
    connection.stop();
    expect([connections, tokens]).toEqual([2, 2]);
  });

  it('given a slow token (a renewal), when the browser comes back online meanwhile, then one socket is opened, not two', async () => {
    let connections = 0;
    server.use(
      live.addEventListener('connection', ({ client }) => {
        connections += 1;
        client.send(JSON.stringify(snapshot));
      }),
    );
    let release: (token: string) => void = () => undefined;
    const slowToken = new Promise<string>((resolve) => (release = resolve));
    let tokenReads = 0;
    const messages: ReceivedLiveMessage[] = [];
    const connection = new LiveConnection({
      token: () => {
        tokenReads += 1;
        return slowToken;
      },
      onMessage: (m) => messages.push(m),
      onStatus: () => undefined,
      url: 'ws://localhost:3000/api/live',
    });
    connection.start();
    // when: an 'online' event starts a second attempt while the first waits for its token
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(tokenReads).toBe(2));
    release('tok-1');
    // then: only the socket the connection keeps passes messages on, and it is the last one opened
    // (both attempts resume together), so when its resync arrives the server has seen any earlier one.
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    connection.stop();
    expect(connections).toBe(1);
  });

  it('given signed out (no token), then no socket is opened', async () => {
    const protocols: unknown[] = [];
    server.use(
      live.addEventListener('connection', ({ client, info }) => {
        protocols.push(info.protocols);
        client.send(JSON.stringify(snapshot));
      }),
    );
    const signedOut = Promise.resolve(null);
    let tokenReads = 0;
    const messages: ReceivedLiveMessage[] = [];
    const connection = new LiveConnection({
      // Signed out at first; signed in by the time of a later attempt.
      token: () => ((tokenReads += 1) === 1 ? signedOut : Promise.resolve('tok-2')),
      onMessage: (m) => messages.push(m),
      onStatus: () => undefined,
      url: 'ws://localhost:3000/api/live',
    });
    connection.start();
    // The first attempt has its answer (it awaited it before this test did) and has given up.
    await signedOut;
    // A later attempt with a token bounds the wait: a socket of the first would reach the server
    // before the later one's.
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    connection.stop();
    expect(protocols).toEqual([['bearer', 'tok-2']]);
  });

  it('reconnect delays grow from half a second, are capped at 30 s, and are jittered', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(3, () => 0)).toBe(2_000);
  });
});
