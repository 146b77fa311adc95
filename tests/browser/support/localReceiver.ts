import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a local receiver got: the exact body as text. */
export interface ReceivedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A local HTTP server on 127.0.0.1 standing in for the Telegram Bot API, a Discord webhook or a trader's endpoint. */
export interface LocalReceiver {
  readonly url: string;
  readonly received: ReceivedRequest[];
  /** The status (and JSON body) it answers; change it to make the target fail. */
  answer: { status: number; body?: unknown };
  close(): Promise<void>;
}

/** Starts a receiver answering `answer` to every request (Telegram's `{ok:true}` by default). */
export async function startLocalReceiver(
  answer: LocalReceiver['answer'] = { status: 200, body: { ok: true, result: { message_id: 1 } } },
): Promise<LocalReceiver> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(receiver.answer.status, { 'content-type': 'application/json' });
      res.end(receiver.answer.body === undefined ? '' : JSON.stringify(receiver.answer.body));
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: LocalReceiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return receiver;
}
