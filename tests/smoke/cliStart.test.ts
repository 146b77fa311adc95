import { afterEach, describe, expect, it } from 'vitest';
import { freePort, http, SystemHarness } from '../system/harness.js';
import { SYSTEM_TUNING, SystemStack } from '../system/stack.js';
import { settled } from './embeddedHistory.js';

describe('hyperhook start (smoke): the all-in-one process starts, answers and stops cleanly', () => {
  let world: SystemHarness | undefined;
  afterEach(async () => {
    await world?.cleanup();
  });

  it('given a temp data dir and PORT=0, when `hyperhook start` runs, then it reports ready, /healthz answers 200, and SIGTERM exits 0', async () => {
    world = new SystemHarness();
    const start = world.spawnCli(
      'start',
      ['start'],
      world.env({ PORT: '0', HYPERLIQUID_TESTNET_API_URL: 'http://127.0.0.1:9', HYPERLIQUID_API_URL: 'http://127.0.0.1:9' }),
    );

    const ready = await start.waitForJson((line) => line.msg === 'ready');
    const url = String(ready.url).replace('0.0.0.0', '127.0.0.1');
    const health = await http<{ success: boolean }>(`${url}/healthz`);
    start.child.kill('SIGTERM');
    const code = await start.exited;

    expect(ready.role).toBe('api + projector + executor');
    expect(health).toEqual({ status: 200, body: { success: true, data: { status: 'ok' } } });
    expect(code, start.output()).toBe(0);
  }, 45_000);

  it("given a store with events whose read models are up to date, when `hyperhook start` starts again, then /readyz answers 200 at once (no new event is needed to learn the projector's position)", async () => {
    world = new SystemHarness();
    const env = world.env({ PORT: '0', HYPERLIQUID_TESTNET_API_URL: 'http://127.0.0.1:9', HYPERLIQUID_API_URL: 'http://127.0.0.1:9' });
    const first = world.spawnCli('start', ['start'], env);
    const url = String((await first.waitForJson((line) => line.msg === 'ready')).url).replace('0.0.0.0', '127.0.0.1');
    const signup = await http(`${url}/api/auth/signup`, {
      method: 'POST',
      body: { email: 'restart@example.com', password: 'Correct-horse-9', confirmPassword: 'Correct-horse-9' },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    expect((await http(`${url}/readyz`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);

    const second = world.spawnCli('start again', ['start'], env);
    const again = String((await second.waitForJson((line) => line.msg === 'ready')).url).replace('0.0.0.0', '127.0.0.1');
    const ready = await http<{ success: boolean }>(`${again}/readyz`);

    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
  }, 60_000);

  it("given `hyperhook start` trading through the simulator (its mid-price socket open), when the venue goes away and the process gets SIGTERM, then it exits 0 within 15 s (the socket's reconnection loop once kept the executor thread, and so the process, running for good)", async () => {
    // given
    world = new SystemHarness();
    const stack = new SystemStack(world);
    const [simPort, apiPort] = await Promise.all([freePort(), freePort()]);
    const sim = world.spawnCli('sim', ['sim', '--port', String(simPort)], world.env());
    stack.simUrl = String((await sim.waitForJson((line) => line.msg === 'ready')).url);
    stack.apiUrl = `http://127.0.0.1:${apiPort}`;
    const start = world.spawnCli(
      'start',
      ['start'],
      world.env({
        ...SYSTEM_TUNING,
        HYPERLIQUID_TESTNET_API_URL: stack.simUrl,
        HYPERLIQUID_API_URL: stack.simUrl,
        PORT: String(apiPort),
        PUBLIC_URL: stack.apiUrl,
      }),
    );
    await start.waitForJson((line) => line.msg === 'ready');
    const trader = await stack.onboard('trader');
    const logId = await stack.alert(trader, { symbol: 'BTCUSDT', action: 'buy', size: 100, leverage: 2 });
    expect((await settled(stack.apiUrl, trader, [logId]))[logId]).toBe('executed');
    sim.child.kill('SIGTERM');
    await sim.exited;
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the socket now waits between reconnection attempts
    // when
    start.child.kill('SIGTERM');
    const code = await Promise.race([start.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
    // then
    expect(code, start.output()).toBe(0);
  }, 90_000);
});
