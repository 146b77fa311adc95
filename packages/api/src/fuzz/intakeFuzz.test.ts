import { connect, type AddressInfo } from 'node:net';
import { ALERT_MAX_BODY_BYTES, signalStreamId } from '@hyperhook/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, useTestApp } from '../testing/testApp.js';
import { fuzzRuns, fuzzSeed } from './fuzzSeed.js';
import { hostileBody, hostileContentType } from './hostileBodies.js';
import { spelledHookPath } from './spelledPaths.js';

// A budget no run reaches: these properties are about reading bodies and paths, not the limiter's.
const stack = useTestApp({ config: { webhookRateLimit: { burst: 1_000_000, perMinute: 1_000_000 } } });
const seed = fuzzSeed('webhook intake');

let secret = '';
beforeAll(async () => {
  const user = await signUp(stack.t.app);
  const url = (await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token)).json<{ data: { webhookUrl: string } }>().data.webhookUrl;
  secret = new URL(url).pathname.split('/hook/')[1] ?? '';
});

afterAll(() => {
  // No case may have polluted the prototypes every object shares.
  expect(
    Object.getOwnPropertyNames(Object.prototype).filter(
      (name) =>
        ![
          'constructor',
          '__defineGetter__',
          '__defineSetter__',
          'hasOwnProperty',
          '__lookupGetter__',
          '__lookupSetter__',
          'isPrototypeOf',
          'propertyIsEnumerable',
          'toString',
          'valueOf',
          '__proto__',
          'toLocaleString',
        ].includes(name),
    ),
  ).toEqual([]);
});

type Answer = { success?: unknown; error?: unknown; logId?: unknown; data?: { logId?: unknown } };

describe('webhook intake under hostile input (issue 32, point 1)', () => {
  it('issue 32, point 1: given any body under any content type at a valid URL, then never a 5xx, every refusal says why, and every answered alert is in the log', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody, hostileContentType, async (body, contentType) => {
        const res = await stack.t.app.inject({
          method: 'POST',
          url: `/hook/${secret}`,
          payload: body,
          headers: contentType === undefined ? {} : { 'content-type': contentType },
        });
        expect([200, 400, 413], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
        const answer = res.json<Answer>();
        if (res.statusCode !== 200) {
          expect(answer.success).toBe(false);
          expect(typeof answer.error === 'string' && answer.error.length > 0, res.body).toBe(true);
        }
        const logId = res.statusCode === 200 ? answer.data?.logId : answer.logId;
        if (res.statusCode === 413) return;
        // Accepted or refused as malformed, the alert is logged with why: the log id names its stream.
        expect(typeof logId, res.body).toBe('string');
        const [received] = await stack.t.store.eventStore.readStream(signalStreamId(logId as string), { maxCount: 1 });
        expect(received?.type).toBe('SignalReceived');
      }),
      { seed, numRuns: fuzzRuns(200) },
    );
    // The read models kept up with every one of them: no hostile body stalls the projector.
    await stack.t.deps.projection.waitFor(await stack.t.store.eventStore.headPosition());
  });

  it('issue 32, point 1: given a body past the size limit, then 413 with the limit in words, whatever its content type', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: ALERT_MAX_BODY_BYTES + 1, max: ALERT_MAX_BODY_BYTES * 4 }), hostileContentType, async (size, contentType) => {
        const res = await stack.t.app.inject({
          method: 'POST',
          url: `/hook/${secret}`,
          payload: 'x'.repeat(size),
          headers: contentType === undefined ? {} : { 'content-type': contentType },
        });
        expect(res.statusCode).toBe(413);
        expect(res.json<Answer>().error).toBe(`Webhook body is larger than ${ALERT_MAX_BODY_BYTES / 1024} KiB`);
      }),
      { seed, numRuns: fuzzRuns(20) },
    );
  });

  it('issue 32, point 1: given oversized headers on a listening server, then 431 from the HTTP parser, and the server goes on serving', async () => {
    await stack.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = stack.t.app.server.address() as AddressInfo;
    // A raw socket: Node's HTTP client gives up on its own oversized request before reading the answer.
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const body = '{"symbol":"BTC","action":"buy"}';
        const head = [
          `POST /hook/${secret} HTTP/1.1`,
          `host: 127.0.0.1:${port}`,
          'content-type: text/plain',
          `content-length: ${body.length}`,
          'connection: close',
          ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        ];
        const socket = connect(port, '127.0.0.1', () => socket.end(`${head.join('\r\n')}\r\n\r\n${body}`));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('error', reject);
        socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
      });
    expect(await status({ 'x-padding': 'x'.repeat(20_000) })).toBe(431);
    expect(await status(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`x-h${i}`, 'y'])))).toBe(431);
    expect(await status({})).toBe(200);
  });

  it('issue 32, point 1: given any spelling of the webhook path (escapes, case, doubled slashes, trailing dots), then never a 5xx and the secret never in a log line', async () => {
    const spellings: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        spelledHookPath(() => secret),
        async (path) => {
          spellings.push(path);
          const res = await stack.t.app.inject({
            method: 'POST',
            url: path,
            payload: '{"symbol":"BTC","action":"buy"}',
            headers: { 'content-type': 'text/plain' },
          });
          expect(res.statusCode, `${path} → ${res.statusCode} ${res.body}`).toBeLessThan(500);
        },
      ),
      { seed, numRuns: fuzzRuns(200) },
    );
    const logs = stack.t.logs.join('');
    expect(spellings.length).toBeGreaterThan(0);
    expect(logs).toContain('[REDACTED]');
    expect(logs).not.toContain(secret);
  });
});
