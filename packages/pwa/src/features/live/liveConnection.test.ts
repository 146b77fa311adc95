import type { LiveMessage } from '@hyperhook/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { live, server } from '../../test/server';
import { LiveConnection } from './liveConnection';
import type { LiveStatus } from './liveStore';
import { reconnectDelay } from './reconnectDelay';

const snapshot = { type: 'resync', data: { webhookLogs: [], positions: [], balance: null, settings: null, keys: null, referral: null } };

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
    const messages: LiveMessage[] = [];
    const statuses: LiveStatus[] = [];
    const connection = new LiveConnection({ token: async () => 'tok-1', onMessage: (m) => messages.push(m), onStatus: (s) => statuses.push(s), url: 'ws://localhost:3000/api/live' });
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
    const resyncs: LiveMessage[] = [];
    const connection = new LiveConnection({ token: async () => `tok-${(tokens += 1)}`, onMessage: (m) => resyncs.push(m), onStatus: () => undefined, url: 'ws://localhost:3000/api/live' });
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
    const messages: LiveMessage[] = [];
    const connection = new LiveConnection({ token: () => slowToken, onMessage: (m) => messages.push(m), onStatus: () => undefined, url: 'ws://localhost:3000/api/live' });
    connection.start();
    // when: an 'online' event starts a second attempt while the first waits for its token
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 20));
    release('tok-1');
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    connection.stop();
    // then
    expect(connections).toBe(1);
  });

  it('given signed out (no token), then no socket is opened', async () => {
    let connections = 0;
    server.use(live.addEventListener('connection', () => (connections += 1)));
    const connection = new LiveConnection({ token: async () => null, onMessage: () => undefined, onStatus: () => undefined, url: 'ws://localhost:3000/api/live' });
    connection.start();
    await new Promise((r) => setTimeout(r, 50));
    connection.stop();
    expect(connections).toBe(0);
  });

  it('reconnect delays grow from half a second, are capped at 30 s, and are jittered', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(3, () => 0)).toBe(2_000);
  });
});
