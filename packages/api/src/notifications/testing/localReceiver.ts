import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got. */
export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The exact body bytes, as text. */
  readonly body: string;
}

/** An answer to give: status, JSON body, headers. */
export interface Answer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** A local HTTP server on 127.0.0.1 that records requests and answers from a script. */
export interface LocalReceiver {
  readonly url: string;
  readonly received: Received[];
  /** Answers for the next requests, in order; once used up, `fallback` answers. */
  script(...answers: Answer[]): void;
  fallback: Answer;
  close(): Promise<void>;
}

/**
 * Starts a receiver. As the Telegram Bot API it answers `{ok:true,result:{…}}` (the default
 * fallback); as a Discord webhook, 204; as a trader's webhook endpoint, 200.
 */
export async function startLocalReceiver(fallback: Answer = { status: 200, body: { ok: true, result: { message_id: 1 } } }): Promise<LocalReceiver> {
  const received: Received[] = [];
  const queue: Answer[] = [];
  const receiver = {
    url: '',
    received,
    fallback,
    script: (...answers: Answer[]) => void queue.push(...answers),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = queue.shift() ?? receiver.fallback;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
