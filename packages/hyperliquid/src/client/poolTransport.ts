import { HttpRequestError, type IRequestTransport } from '@nktkas/hyperliquid';
import { Pool } from 'undici';

/** Options of {@link PoolTransport}. */
export interface PoolTransportOptions {
  readonly isTestnet: boolean;
  /** The venue's base URL (`/info` and `/exchange` are below it). */
  readonly apiUrl: string;
  /** Whole-request timeout, from sending to the parsed body. */
  readonly timeoutMs: number;
  /** Most sockets kept open to the venue, default 16. */
  readonly connections?: number;
}

/** The error a request ends with when its timeout fires: classified as "timeout" (it may have been applied). */
function timeoutError(timeoutMs: number): Error {
  const error = new Error(`The request got no complete answer within ${timeoutMs} ms`);
  error.name = 'TimeoutError';
  return error;
}

/** The caller's abort, named as fetch names it. */
function abortError(): Error {
  const error = new Error('The request was aborted');
  error.name = 'AbortError';
  return error;
}

/**
 * The venue's HTTP API over a keep-alive undici Pool, in place of nk's fetch-based HttpTransport:
 * the same requests and the same errors (HttpRequestError with the response for an HTTP failure
 * or a `{type: "error"}` body, with the network error as its cause otherwise), at a fraction of the
 * CPU per call (fetch tees every response and builds a web stream for it). The executor makes
 * several calls per alert, so this was about a third of its thread in the product benchmark.
 */
export class PoolTransport implements IRequestTransport {
  readonly isTestnet: boolean;
  readonly #pool: Pool;
  readonly #basePath: string;
  readonly #timeoutMs: number;

  constructor(options: PoolTransportOptions) {
    this.isTestnet = options.isTestnet;
    const url = new URL(options.apiUrl);
    this.#basePath = url.pathname.replace(/\/$/, '');
    this.#pool = new Pool(url.origin, { connections: options.connections ?? 16, pipelining: 1 });
    this.#timeoutMs = options.timeoutMs;
  }

  async request<T>(endpoint: 'info' | 'exchange' | 'explorer', payload: unknown, signal?: AbortSignal): Promise<T> {
    if (endpoint === 'explorer') throw new HttpRequestError(undefined, { cause: new Error('the explorer endpoint is not used by hyperhook') });
    if (signal?.aborted) throw new HttpRequestError(undefined, { cause: abortError() });
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.#timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const answer = await this.#pool.request({
        path: `${this.#basePath}/${endpoint}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: controller.signal,
      });
      const text = await answer.body.text();
      const contentType = String(answer.headers['content-type'] ?? '');
      const response = () => new Response(text, { status: answer.statusCode, headers: headersOf(answer.headers) });
      if (answer.statusCode < 200 || answer.statusCode >= 300 || !contentType.includes('application/json')) {
        throw new HttpRequestError({ response: response(), message: text });
      }
      const body = JSON.parse(text) as { type?: unknown; message?: unknown };
      if (body?.type === 'error') throw new HttpRequestError({ response: response(), message: String(body.message) });
      return body as T;
    } catch (error) {
      if (error instanceof HttpRequestError) throw error;
      if (timedOut) throw new HttpRequestError(undefined, { cause: timeoutError(this.#timeoutMs) });
      if (signal?.aborted) throw new HttpRequestError(undefined, { cause: abortError() });
      throw new HttpRequestError(undefined, { cause: error });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Closes the pool's sockets (requests in flight finish first). */
  close(): Promise<void> {
    return this.#pool.close();
  }
}

/** undici's header record as fetch Headers (a repeated header arrives as an array). */
function headersOf(record: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(record)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}
