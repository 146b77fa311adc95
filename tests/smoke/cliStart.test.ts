import { afterEach, describe, expect, it } from 'vitest';
import { http, SystemHarness } from '../system/harness.js';

describe('hyperhook start (smoke): the all-in-one process starts, answers and stops cleanly', () => {
  let world: SystemHarness | undefined;
  afterEach(async () => {
    await world?.cleanup();
  });

  it('given a temp data dir and PORT=0, when `hyperhook start` runs, then it reports ready, /healthz answers 200, and SIGTERM exits 0', async () => {
    world = new SystemHarness();
    const start = world.spawnCli('start', ['start'], world.env({ PORT: '0', HYPERLIQUID_TESTNET_API_URL: 'http://127.0.0.1:9', HYPERLIQUID_API_URL: 'http://127.0.0.1:9' }));

    const ready = await start.waitForJson((line) => line.msg === 'ready', 30_000);
    const url = String(ready.url).replace('0.0.0.0', '127.0.0.1');
    const health = await http<{ success: boolean }>(`${url}/healthz`);
    start.child.kill('SIGTERM');
    const code = await start.exited;

    expect(ready.role).toBe('api + projector + executor');
    expect(health).toEqual({ status: 200, body: { success: true, data: { status: 'ok' } } });
    expect(code, start.output()).toBe(0);
  }, 45_000);
});
