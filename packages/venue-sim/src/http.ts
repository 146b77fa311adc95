/**
 * node:http plumbing: reading bodies with a size cap and writing replies with the headers every
 * client relies on (`Content-Type: application/json` — the SDK rejects anything else — and open
 * CORS so browser code can call the simulator directly).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerReply } from './replies.js';

/** Largest request body accepted (the venue's batches are far smaller). */
export const MAX_BODY_BYTES = 1_000_000;

/** Error thrown when a body exceeds {@link MAX_BODY_BYTES}. */
export class BodyTooLargeError extends Error {}

/** Reads the whole request body as UTF-8. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Headers sent on every reply. */
export function setCommonHeaders(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
}

/** Writes a handler reply. */
export function sendReply(res: ServerResponse, reply: HandlerReply): void {
  if (res.writableEnded || res.destroyed) return;
  setCommonHeaders(res);
  if (reply.kind === 'json') {
    res.statusCode = reply.status;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(reply.body));
  } else {
    res.statusCode = reply.status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(reply.body);
  }
}

/** The client address a request (or WebSocket upgrade) is charged to. */
export function remoteIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** Parses JSON, returning `undefined` instead of throwing. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
