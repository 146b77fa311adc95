import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoolTransport } from './poolTransport.js';
import { classifyTransportError } from './transportFailure.js';

/** What the venue stand-in does with a request, by the `do` field of its JSON body. */
const behaviours: Record<string, (request: IncomingMessage, response: ServerResponse, body: string) => void> = {
  echo: (_request, response, body) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ got: JSON.parse(body), path: _request.url })),
  fail500: (_request, response) => response.writeHead(500, { 'content-type': 'text/plain' }).end('upstream broke'),
  throttle: (_request, response) => response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' }).end('null'),
  errorBody: (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', message: 'bad request shape' })),
  html: (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'),
  hang: () => undefined,
  drop: (request) => request.socket.destroy(),
};

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => behaviours[(JSON.parse(body) as { do: string }).do]?.(request, response, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The failure a request ends with, as the outcome mapping classifies it. */
async function failureOf(transport: PoolTransport, behaviour: string, signal?: AbortSignal) {
  const error = await transport.request('exchange', { do: behaviour }, signal).then(
    () => new Error('expected the request to fail'),
    (thrown: unknown) => thrown,
  );
  return classifyTransportError(error);
}

describe("PoolTransport: the venue over a keep-alive pool, failing as nk's fetch transport does", () => {
  it('given a JSON answer, then the parsed body, posted as JSON to <apiUrl>/<endpoint>', async () => {
    const transport = new PoolTransport({ isTestnet: true, apiUrl: `${url}/base/`, timeoutMs: 2_000 });
    try {
      expect(await transport.request('info', { do: 'echo', type: 'allMids' })).toEqual({ got: { do: 'echo', type: 'allMids' }, path: '/base/info' });
      expect(transport.isTestnet).toBe(true);
    } finally {
      await transport.close();
    }
  });

  it('given HTTP failures, an error body or a page that is not JSON, then an http failure with status and body (and Retry-After)', async () => {
    const transport = new PoolTransport({ isTestnet: false, apiUrl: url, timeoutMs: 2_000 });
    try {
      expect(await failureOf(transport, 'fail500')).toEqual({ kind: 'http', status: 500, body: 'upstream broke' });
      expect(await failureOf(transport, 'throttle')).toEqual({ kind: 'http', status: 429, body: 'null', retryAfterMs: 2_000 });
      expect(await failureOf(transport, 'errorBody')).toEqual({
        kind: 'http',
        status: 200,
        body: JSON.stringify({ type: 'error', message: 'bad request shape' }),
      });
      expect(await failureOf(transport, 'html')).toEqual({ kind: 'http', status: 200, body: '<html>maintenance</html>' });
    } finally {
      await transport.close();
    }
  });

  it('given no answer in time, a connection cut after sending, a refused connection or the caller aborting, then timeout, connectionDropped, notSent and aborted', async () => {
    const transport = new PoolTransport({ isTestnet: false, apiUrl: url, timeoutMs: 300 });
    const refused = new PoolTransport({ isTestnet: false, apiUrl: 'http://127.0.0.1:1', timeoutMs: 2_000 });
    try {
      expect(await failureOf(transport, 'hang')).toEqual({ kind: 'timeout' });
      expect(await failureOf(transport, 'drop')).toMatchObject({ kind: 'connectionDropped' });
      expect(await failureOf(refused, 'echo')).toMatchObject({ kind: 'notSent', detail: expect.stringContaining('ECONNREFUSED') });
      const caller = new AbortController();
      const aborted = failureOf(transport, 'hang', caller.signal);
      caller.abort();
      expect(await aborted).toEqual({ kind: 'aborted' });
      // The pool is still usable after all of that.
      expect(await transport.request('info', { do: 'echo' })).toMatchObject({ got: { do: 'echo' } });
    } finally {
      await Promise.all([transport.close(), refused.close()]);
    }
  });
});
