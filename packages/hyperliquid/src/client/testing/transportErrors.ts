import { HttpRequestError } from '@nktkas/hyperliquid';

/** The error nk's HttpTransport throws for a non-2xx or non-JSON answer. */
export function httpError(status: number, body: string, headers: Record<string, string> = {}): HttpRequestError {
  const response = new Response(body, { status, headers: { 'content-type': 'text/plain', ...headers } });
  return new HttpRequestError({ response, message: body });
}

/** What nk throws when its AbortSignal.timeout fires. */
export function timeoutError(): HttpRequestError {
  return new HttpRequestError(undefined, { cause: new DOMException('The operation was aborted due to timeout', 'TimeoutError') });
}

/** What fetch throws (wrapped by nk) when the server closes the socket before answering. */
export function droppedConnectionError(): HttpRequestError {
  const socket = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
  return new HttpRequestError(undefined, { cause: new TypeError('fetch failed', { cause: socket }) });
}

/** What fetch throws (wrapped by nk) when nothing listens on the port. */
export function refusedConnectionError(): HttpRequestError {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  return new HttpRequestError(undefined, { cause: new TypeError('fetch failed', { cause: refused }) });
}

/** Venue answers, as JSON bodies. */
export const answers = {
  resting: (oid: number) => ({ status: 'ok', response: { type: 'order', data: { statuses: [{ resting: { oid } }] } } }),
  filled: (oid: number, totalSz: string, avgPx: string) => ({
    status: 'ok',
    response: { type: 'order', data: { statuses: [{ filled: { totalSz, avgPx, oid } }] } },
  }),
  statuses: (...statuses: unknown[]) => ({ status: 'ok', response: { type: 'order', data: { statuses } } }),
  orderError: (error: string) => ({ status: 'ok', response: { type: 'order', data: { statuses: [{ error }] } } }),
  topLevel: (text: string) => ({ status: 'err', response: text }),
  ok: () => ({ status: 'ok', response: { type: 'default' } }),
};
