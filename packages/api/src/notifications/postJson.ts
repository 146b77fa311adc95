import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress, TargetRefusedError, type TargetPolicy } from './targetGuard.js';

/** What a target answered. */
export interface PostAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The start of the body (at most 4 KiB), for error details and Discord's `retry_after`. */
  readonly body: string;
}

/** Longest a delivery may take, default 10 s: a slow target must not hold the queue. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * POSTs `body` (exact bytes) to `url`, with the target guard on every connection: an IP literal
 * is checked here, a host name when it is resolved for the connection. Redirects are not followed.
 */
export function postJson(
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  policy: TargetPolicy,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<PostAnswer> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!policy.allowPrivateTargets && (parsed.protocol !== 'https:' || (isIP(host) !== 0 && isPrivateAddress(host)))) {
    return Promise.reject(new TargetRefusedError(`The target ${parsed.origin} is refused (private address or plain http)`));
  }
  const request = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
  const bytes = Buffer.from(body, 'utf8');
  return new Promise((resolve, reject) => {
    const req = request(
      parsed,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(bytes.length), 'user-agent': 'hyperhook-notifier', ...headers },
        lookup: guardedLookup(policy),
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < 4096) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8').slice(0, 4096) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(bytes);
  });
}
