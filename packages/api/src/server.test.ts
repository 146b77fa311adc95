import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { Simulator } from '@hyperhook/venue-sim';
import { openSqliteStore } from '@hyperhook/store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from './server.js';
import { DATA_DIR_STORE_FILE, openDataDirDeps } from './testing/dataDirDeps.js';
import { call, createTestApp, signUp, startTestSimulator } from './testing/testApp.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

describe('server.ts: listening and graceful shutdown', () => {
  it('given a request in flight, when the server closes, then the request completes before the store is closed', async () => {
    // A projector that answers /readyz only when released keeps one request in flight.
    let releaseReady!: () => void;
    const readyGate = new Promise<void>((resolve) => {
      releaseReady = resolve;
    });
    const base = await createTestApp({ sim, projection: () => ({ waitFor: () => readyGate }) });
    await base.app.close(); // only its deps are reused; startServer builds its own app
    const order: string[] = [];
    const store = base.store;
    const deps = {
      ...base.deps,
      store: {
        ...store,
        close: async () => {
          order.push('store closed');
          await store.close();
        },
      },
    };
    const server = await startServer(deps, { port: 0, host: '127.0.0.1', handleSignals: false });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // Server-side order: when each raw response finished, relative to the store's close.
    let readyzReceived!: () => void;
    const received = new Promise<void>((resolve) => (readyzReceived = resolve));
    server.app.server.on('request', (request, response) => {
      if (request.url === '/readyz') readyzReceived();
      response.on('finish', () => order.push(`${request.url} answered ${response.statusCode}`));
    });
    const inFlight = fetch(`${server.url}/readyz`);
    await received;
    const closing = server.close();
    // The /readyz answer is held until the shutdown has stopped listening: it is still in flight then.
    await vi.waitFor(() => expect(server.app.server.listening).toBe(false));
    expect(order).toEqual([]);
    releaseReady();
    await closing;
    expect((await inFlight).status).toBe(200);
    expect(order).toEqual(['/readyz answered 200', 'store closed']);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    // Idempotent.
    await server.close();
    if (base.deps.config.dataDir !== undefined) rmSync(base.deps.config.dataDir, { recursive: true, force: true });
  });

  it('CARD-13: given a file-backed store and webhooks in flight, when the server shuts down, then every 200 has its SignalReceived in the reopened store, none is half-written, and requests after close are refused', async () => {
    const data = await openDataDirDeps({ sim, logLevel: 'silent' });
    let storeClosing = false;
    const store = { ...data.store, close: () => ((storeClosing = true), data.store.close()) };
    const server = await startServer(
      { ...data.deps, store },
      { port: 0, host: '127.0.0.1', handleSignals: false, beforeStoreClose: () => data.projector.stop() },
    );
    try {
      // given: three users, as one webhook's budget is 60 alerts a minute
      const paths: string[] = [];
      for (let i = 0; i < 3; i++) {
        const user = await signUp(server.app);
        paths.push(new URL((await call(server.app, 'GET', '/api/auth/webhook-url', user.token)).json().data.webhookUrl).pathname);
      }
      type Outcome = { body: string; status: number | 'error'; logId: string | null };
      const alert = (tag: string, n: number) => JSON.stringify({ symbol: 'BTC', action: 'buy', size: '20', id: `${tag}-${n}` });
      const post = (n: number, tag: string): Promise<Outcome> => {
        const body = alert(tag, n);
        return fetch(`${server.url}${paths[n % paths.length]}`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } }).then(
          async (res): Promise<Outcome> => ({
            body,
            status: res.status,
            logId: res.status === 200 ? ((await res.json()) as { data: { logId: string } }).data.logId : null,
          }),
          (): Outcome => ({ body, status: 'error', logId: null }),
        );
      };
      // A sender on a slow link: headers and half the body now, the rest once shutdown has begun.
      const slowPost = (n: number) => {
        const body = alert('slow', n);
        const request = httpRequest(`${server.url}${paths[n % paths.length]}`, {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) },
        });
        const outcome = new Promise<Outcome>((resolve) => {
          request.on('response', (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
            res.on('end', () => resolve({ body, status: res.statusCode ?? 0, logId: res.statusCode === 200 ? JSON.parse(text).data.logId : null }));
          });
          request.on('error', () => resolve({ body, status: 'error', logId: null }));
        });
        request.write(body.slice(0, 10));
        return { outcome, finish: () => request.end(body.slice(10)) };
      };
      let closing: Promise<void> | undefined;
      let taken = 0;
      let acceptedOnceStoreClosing = 0;
      server.app.server.on('request', (_request, response) => {
        response.on('finish', () => {
          if (storeClosing && response.statusCode === 200) acceptedOnceStoreClosing += 1;
        });
        // Shutdown begins from inside the server as it takes in its 40th request, so whatever the
        // machine's speed, the flood is mid-way and the slow senders are mid-body.
        if (++taken === 40) closing = server.close();
      });

      // when: five slow senders are mid-body and a flood of 150 alerts is arriving as shutdown begins
      const slow = Array.from({ length: 5 }, (_, n) => slowPost(n));
      await vi.waitUntil(() => taken === slow.length, { timeout: 15_000, interval: 5 });
      const flood = Array.from({ length: 150 }, (_, n) => post(n, 'flood'));
      await vi.waitUntil(() => closing !== undefined, { timeout: 15_000, interval: 5 });
      for (const sender of slow) sender.finish();
      const late = Array.from({ length: 15 }, (_, n) => post(n, 'late'));
      const outcomes = await Promise.all([...slow.map((sender) => sender.outcome), ...flood, ...late]);
      await closing;
      const afterClose = await fetch(`${server.url}${paths[0]}`, { method: 'POST', body: alert('after', 0) }).then(
        (res) => res.status,
        () => 'refused' as const,
      );

      // then: the requests in flight when shutdown began were answered, not cut; nothing after it was taken
      expect(outcomes.slice(0, slow.length).map((o) => o.status)).toEqual(slow.map(() => 200));
      expect(acceptedOnceStoreClosing).toBe(0);
      expect(outcomes.every((o) => o.status === 200 || o.status === 503 || o.status === 'error')).toBe(true);
      expect(afterClose).toBe('refused');

      // then: the reopened store holds exactly what was acknowledged, each signal whole (with its dedupe claim)
      const reopened = await openSqliteStore({ file: join(data.dataDir, DATA_DIR_STORE_FILE) });
      try {
        const received = await reopened.eventStore.readAll({ maxCount: 100_000, filter: { types: ['SignalReceived'] } });
        const claims = await reopened.eventStore.readAll({ maxCount: 100_000, filter: { types: ['SignalDedupeClaimed'] } });
        const signalsByBody = new Map<string, string[]>();
        for (const event of received) {
          const { rawBody, signalId } = event.data as { rawBody: string; signalId: string };
          signalsByBody.set(rawBody, [...(signalsByBody.get(rawBody) ?? []), signalId]);
        }
        const claimed = new Set(claims.map((event) => (event.data as { signalId: string }).signalId));
        for (const outcome of outcomes) {
          const stored = signalsByBody.get(outcome.body) ?? [];
          if (outcome.status === 200) expect(stored, outcome.body).toEqual([outcome.logId]);
          else if (outcome.status === 503) expect(stored, outcome.body).toEqual([]);
          else expect(stored.length, outcome.body).toBeLessThanOrEqual(1);
        }
        expect(received.map((event) => (event.data as { signalId: string }).signalId).filter((id) => !claimed.has(id))).toEqual([]);
        expect(received.length).toBeGreaterThanOrEqual(outcomes.filter((o) => o.status === 200).length);
      } finally {
        await reopened.close();
      }
    } finally {
      await server.close();
      rmSync(data.dataDir, { recursive: true, force: true });
    }
  });
});
