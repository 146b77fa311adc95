import { HttpRequestError } from '@nktkas/hyperliquid';

/**
 * What went wrong below the JSON level of a request, in the terms the outcome mapping needs:
 * did the venue answer (and with which HTTP status), or do we not know whether the request
 * reached it?
 */
export type TransportFailure =
  | { kind: 'http'; status: number; body: string; retryAfterMs?: number }
  /** The client's own timeout fired: the request may have been applied. */
  | { kind: 'timeout' }
  /** The connection broke after it was established: the request may have been applied. */
  | { kind: 'connectionDropped'; detail: string }
  /** The connection could not be established (refused, DNS): nothing was sent. */
  | { kind: 'notSent'; detail: string }
  /** The caller aborted the request. */
  | { kind: 'aborted' };

/**
 * Error codes that prove the request never left this machine. Anything else after a connection
 * attempt (reset, "other side closed", socket errors) is treated as possibly delivered, because
 * treating a delivered order as not sent is the mistake that produces duplicate orders.
 */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL']);

/** Walks an error's `cause` chain (and AggregateError members), collecting errors, codes and names. */
function causeChain(error: unknown): { codes: string[]; names: string[]; messages: string[] } {
  const codes: string[] = [];
  const names: string[] = [];
  const messages: string[] = [];
  const queue: unknown[] = [error];
  const seen = new Set<unknown>();
  while (queue.length > 0 && seen.size < 20) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const record = current as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === 'string') codes.push(record.code);
    if (typeof record.name === 'string') names.push(record.name);
    if (typeof record.message === 'string' && record.message.length > 0) messages.push(record.message);
    if (record.cause !== undefined) queue.push(record.cause);
    if (Array.isArray(record.errors)) queue.push(...(record.errors as unknown[]));
  }
  return { codes, names, messages };
}

/** Parses a Retry-After header (seconds, or an HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Reads the body nk left readable on an HTTP error. nk builds the error message as
 * "<status> <statusText> - <body>", so the message is the fallback when the clone is unreadable.
 */
async function httpErrorBody(error: HttpRequestError): Promise<string> {
  try {
    const text = await error.response?.clone().text();
    if (text !== undefined) return text;
  } catch {
    // The body was already consumed; fall back to the message nk composed.
  }
  const separator = error.message.indexOf(' - ');
  return separator >= 0 ? error.message.slice(separator + 3) : '';
}

/**
 * Classifies an error thrown by a transport into a {@link TransportFailure}, or `undefined` when
 * it is not a transport error (then it is an API error or a bug and is handled elsewhere).
 */
export async function classifyTransportError(error: unknown): Promise<TransportFailure | undefined> {
  if (error instanceof HttpRequestError && error.response !== undefined) {
    const retryAfterMs = parseRetryAfter(error.response.headers.get('retry-after'));
    const failure: TransportFailure = { kind: 'http', status: error.response.status, body: await httpErrorBody(error) };
    return retryAfterMs === undefined ? failure : { ...failure, retryAfterMs };
  }
  if (!(error instanceof HttpRequestError) && !isNetworkLikeError(error)) return undefined;
  const { codes, names, messages } = causeChain(error);
  if (names.includes('TimeoutError')) return { kind: 'timeout' };
  if (names.includes('AbortError')) return { kind: 'aborted' };
  const detail = messages.filter((m) => !m.startsWith('Unknown HTTP request error')).join(': ') || 'connection failed';
  if (codes.some((code) => NOT_SENT_CODES.has(code))) return { kind: 'notSent', detail };
  return { kind: 'connectionDropped', detail };
}

/** A plain fetch-level failure thrown by a transport other than nk's (tests, custom transports). */
function isNetworkLikeError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'TimeoutError' || error.name === 'AbortError' || (error instanceof TypeError && error.cause !== undefined);
}
