/** WebSocket connection lifecycle: the venue's per-IP limit and idle close, drops for tests, counters, shutdown. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, startTestSim, type TestSim } from './testing/harness.js';
import { openWs, type WsTestClient } from './testing/wsClient.js';
import type { SimulatorOptions } from './types.js';
import { MAX_WS_CONNECTIONS_PER_IP } from './wsApi.js';

let t: TestSim | undefined;
const clients: WsTestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await t?.sim.close();
  t = undefined;
});
const start = async (opts: SimulatorOptions = {}): Promise<TestSim> => {
  t = await startTestSim(opts);
  return t;
};
const connect = async (url: string): Promise<WsTestClient> => {
  const c = await openWs(url);
  clients.push(c);
  return c;
};

describe('connection limit', () => {
  it('given 10 connections from one IP, then the 11th upgrade is refused with 429, and accepted again once one closes', async () => {
    const { sim } = await start();
    const open: WsTestClient[] = [];
    for (let i = 0; i < MAX_WS_CONNECTIONS_PER_IP; i += 1) open.push(await connect(sim.wsUrl));
    expect(MAX_WS_CONNECTIONS_PER_IP).toBe(10);
    await expect(openWs(sim.wsUrl)).rejects.toThrow('Unexpected server response: 429');

    open[0]?.close();
    await open[0]?.closed;
    await expect.poll(() => sim.stats().webSocket.open).toBe(9);
    await connect(sim.wsUrl);
    expect(sim.stats().webSocket).toMatchObject({ open: 10, opened: 11 });
  });

  it('given another path, then the upgrade is refused with 404', async () => {
    const { sim } = await start();
    await expect(openWs(`${sim.wsUrl}/elsewhere`)).rejects.toThrow('Unexpected server response: 404');
  });
});

describe('idle close', () => {
  it('given a client that sends nothing, then the server closes it after the idle timeout', async () => {
    const { sim } = await start({ wsIdleTimeoutMs: 150 });
    const silent = await connect(sim.wsUrl);
    expect(await silent.closed).toEqual({ code: 1000, reason: 'idle timeout' });
    await expect.poll(() => sim.stats().webSocket.open).toBe(0);
  });

  it('given a client that pings more often than the timeout, then it stays open', async () => {
    const { sim } = await start({ wsIdleTimeoutMs: 150 });
    const chatty = await connect(sim.wsUrl);
    const silent = await connect(sim.wsUrl);
    const pinger = setInterval(() => chatty.send({ method: 'ping' }), 50);
    try {
      await silent.closed; // at least one timeout has elapsed
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(chatty.socket.readyState).toBe(chatty.socket.OPEN);
    } finally {
      clearInterval(pinger);
    }
  });

  it("given the default options, then the idle timeout is the venue's 60 s", async () => {
    const { sim } = await start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const silent = await connect(sim.wsUrl);
      await silent.next(); // greeting: the connection and its idle timer exist
      vi.advanceTimersByTime(59_999);
      expect(sim.stats().webSocket.open).toBe(1);
      vi.advanceTimersByTime(1);
      vi.useRealTimers();
      expect((await silent.closed).reason).toBe('idle timeout');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('dropWebSockets', () => {
  it('given two clients, when dropped, then both see an abnormal close (no close frame) and the count is returned', async () => {
    const { sim } = await start();
    const a = await connect(sim.wsUrl);
    const b = await connect(sim.wsUrl);
    expect(sim.dropWebSockets()).toBe(2);
    expect(await a.closed).toEqual({ code: 1006, reason: '' });
    expect(await b.closed).toEqual({ code: 1006, reason: '' });
    expect(sim.stats().webSocket).toMatchObject({ open: 0, opened: 2 });
    expect(sim.dropWebSockets()).toBe(0);
  });

  it('given POST /control/drop-websockets, then the same, with the count in the reply', async () => {
    const { sim } = await start();
    const a = await connect(sim.wsUrl);
    expect((await post(sim.url, '/control/drop-websockets', {})).json).toEqual({ status: 'ok', dropped: 1 });
    expect((await a.closed).code).toBe(1006);
  });

  it('given a dropped client, then it can connect again', async () => {
    const { sim } = await start();
    const a = await connect(sim.wsUrl);
    sim.dropWebSockets();
    await a.closed;
    const again = await connect(sim.wsUrl);
    expect(await again.next()).toBe('Websocket connection established.');
  });
});

describe('counters and shutdown', () => {
  it('given frames sent, then framesSent counts every one, the greeting included', async () => {
    const { sim } = await start();
    const a = await connect(sim.wsUrl);
    await a.next();
    a.send({ method: 'ping' });
    await a.nextOn('pong');
    expect(sim.stats().webSocket).toEqual({ open: 1, opened: 1, framesSent: 2 });
  });

  it('given open clients, when the simulator closes, then every socket is closed', async () => {
    const { sim } = await start();
    const a = await connect(sim.wsUrl);
    await sim.close();
    t = undefined;
    expect((await a.closed).code).toBe(1006);
  });
});
