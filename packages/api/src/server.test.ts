import { rmSync } from 'node:fs';
import type { Simulator } from '@hyperhook/hyperliquid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './server.js';
import { createTestApp, startTestSimulator } from './testing/testApp.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

describe('server.ts: listening and graceful shutdown', () => {
  it('given a request in flight, when the server closes, then the request completes before the store is closed', async () => {
    // A projector that answers /readyz only after 300 ms keeps one request in flight.
    let releaseReady!: () => void;
    const readyGate = new Promise<void>((resolve) => {
      releaseReady = resolve;
    });
    const base = await createTestApp({ sim, projection: () => ({ waitFor: () => readyGate }) });
    await base.app.close(); // only its deps are reused; startServer builds its own app
    const order: string[] = [];
    const store = base.store;
    const deps = { ...base.deps, store: { ...store, close: async () => { order.push('store closed'); await store.close(); } } };
    const server = await startServer(deps, { port: 0, host: '127.0.0.1', handleSignals: false });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // Server-side order: when each raw response finished, relative to the store's close.
    server.app.server.on('request', (request, response) => response.on('finish', () => order.push(`${request.url} answered ${response.statusCode}`)));
    const inFlight = fetch(`${server.url}/readyz`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = server.close();
    setTimeout(releaseReady, 250);
    await closing;
    expect((await inFlight).status).toBe(200);
    expect(order).toEqual(['/readyz answered 200', 'store closed']);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    // Idempotent.
    await server.close();
    if (base.deps.config.dataDir !== undefined) rmSync(base.deps.config.dataDir, { recursive: true, force: true });
  });
});
