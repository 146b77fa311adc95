/**
 * The HTTP server: POST /info, POST /exchange, /control/*, CORS preflight. Faults are applied here,
 * between the socket and the handlers, because they model the network and the venue's edge:
 *  - latency: wait, then answer normally;
 *  - http429 / http5xx: answer with the error and do nothing else (the nonce stays unused);
 *  - timeout: never answer (the socket is kept until the client gives up or the server closes);
 *  - dropAfterApply: execute the request fully, then destroy the socket without a byte of reply.
 * After the faults, the sender's IP weight budget decides (serveApiRequest.ts): over budget is the
 * same 429 as the injected one, and likewise does nothing else.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { handleControl, type SimControls } from './controlRoutes.js';
import type { FaultQueue } from './faults.js';
import { BodyTooLargeError, readBody, remoteIp, sendReply, setCommonHeaders, tryParseJson } from './http.js';
import { countRequest, serveApiRequest, type ApiDeps } from './serveApiRequest.js';

/** Body of a 429 (injected or from the IP budget): the venue's rate-limit reply carries no useful JSON. */
export const HTTP_429_BODY = null;

/** What the server needs. */
export interface SimServerDeps extends ApiDeps {
  faults: FaultQueue;
  controls: SimControls;
  /** Waits out a `latency` fault. */
  sleep(ms: number): Promise<void>;
}

/** A server plus the means to close it without leaking sockets held by `timeout` faults. */
export interface SimServer {
  server: Server;
  /** Destroys every open socket (pending timeouts included) and closes the listener. */
  close(): Promise<void>;
}

async function handleApi(deps: SimServerDeps, endpoint: 'info' | 'exchange', req: IncomingMessage, res: ServerResponse): Promise<void> {
  let text: string;
  try {
    text = await readBody(req);
  } catch (e) {
    if (e instanceof BodyTooLargeError) sendReply(res, { kind: 'text', status: 413, body: 'Payload Too Large' });
    return;
  }
  const body = tryParseJson(text);
  const type = countRequest(deps, endpoint, body);
  const fault = deps.faults.take(endpoint, type);
  if (fault?.kind === 'latency') await deps.sleep(fault.ms ?? 0);
  if (fault?.kind === 'http429') return sendReply(res, { kind: 'json', status: 429, body: HTTP_429_BODY });
  if (fault?.kind === 'http5xx') return sendReply(res, { kind: 'text', status: 502, body: 'Bad Gateway' });
  if (fault?.kind === 'timeout') return; // never answered; the socket is destroyed on close()

  const outcome = serveApiRequest(deps, endpoint, body, remoteIp(req));
  if (outcome.kind === 'rateLimited') return sendReply(res, { kind: 'json', status: 429, body: HTTP_429_BODY });
  if (fault?.kind === 'dropAfterApply') {
    req.socket.destroy();
    return;
  }
  sendReply(res, outcome.reply);
}

async function route(deps: SimServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://sim').pathname;
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    setCommonHeaders(res);
    res.statusCode = 204;
    res.end();
    return;
  }
  if (method === 'POST' && (path === '/info' || path === '/exchange')) {
    return handleApi(deps, path === '/info' ? 'info' : 'exchange', req, res);
  }
  if (path.startsWith('/control/')) {
    const body = method === 'POST' ? tryParseJson(await readBody(req)) : undefined;
    return sendReply(res, handleControl(deps.controls, method, path, body));
  }
  sendReply(res, { kind: 'text', status: 404, body: 'Not Found' });
}

/** Creates (but does not start) the simulator's HTTP server. */
export function createSimServer(deps: SimServerDeps): SimServer {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    route(deps, req, res).catch((e: unknown) => {
      sendReply(res, { kind: 'text', status: 500, body: e instanceof Error ? e.message : 'internal error' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        if (!server.listening) return resolve();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
