import { rmSync } from 'node:fs';
import type { Simulator } from '@hyperhook/venue-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer } from '../server.js';
import { captureProcessOutput } from '../testing/captureProcessOutput.js';
import { openDataDirDeps } from '../testing/dataDirDeps.js';
import { call, signUp, startTestSimulator } from '../testing/testApp.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim?.close();
});

/** Opens /api/live with the token in the query, as browsers do, and resolves with its first message. */
function firstLiveMessage(url: string): Promise<{ type: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('message', (data) => {
      resolve(JSON.parse(data.toString()) as { type: string });
      socket.close();
    });
    socket.once('error', reject);
  });
}

describe('request logs at trace level (listening server)', () => {
  it('issue 32, point 1: given a live WebSocket with ?token= and webhooks posted to the secret URL (also mistyped, or spelled with escapes), when reading every log line, then neither the token nor the secret appears, only [REDACTED]', async () => {
    const output = captureProcessOutput();
    const data = await openDataDirDeps({ sim, logLevel: 'trace' });
    const server = await startServer(data.deps, { port: 0, host: '127.0.0.1', handleSignals: false, beforeStoreClose: () => data.projector.stop() });
    try {
      // given
      const user = await signUp(server.app);
      const secret = new URL((await call(server.app, 'GET', '/api/auth/webhook-url', user.token)).json().data.webhookUrl).pathname.split('/hook/')[1] as string;
      expect(secret.length).toBeGreaterThan(10);

      // when
      const live = await firstLiveMessage(`${server.url.replace(/^http/, 'ws')}/api/live?token=${encodeURIComponent(user.token)}`);
      const accepted = await fetch(`${server.url}/hook/${secret}`, { method: 'POST', body: '{"symbol":"BTC","action":"buy"}' });
      const statuses = [accepted.status];
      for (const path of [
        `//hook/${secret}`,
        `/Hook/${secret}`,
        `/hook/${secret}/extra?token=${user.token}`,
        `/api/live?token=${user.token}`,
        `/%68ook/${secret}`,
        `/%2568ook/${secret}`,
        `/hook./${secret}`,
        `/hook%2F${secret}`,
        `/HOOK/${secret}.`,
      ]) {
        statuses.push((await fetch(`${server.url}${path}`, { method: 'POST', body: '{}' })).status);
      }
      await server.close();
      output.restore();

      // then
      expect(live.type).not.toBe('error');
      expect(statuses[0]).toBe(200);
      // issue 32: every spelling is answered, none with a 5xx, and none leaves the secret in the log.
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      const logs = `${data.logs.join('')}\n${output.text()}`;
      expect(server.app.log.level).toBe('trace');
      expect(logs).toContain('/api/live?token=[REDACTED]');
      expect(logs).toContain('/hook/[REDACTED]');
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(user.token);
      expect(logs).not.toContain(encodeURIComponent(user.token));
      // The signature alone identifies the token.
      expect(logs).not.toContain(user.token.split('.')[2]);
    } finally {
      output.restore();
      await server.close();
      rmSync(data.dataDir, { recursive: true, force: true });
    }
  });
});
