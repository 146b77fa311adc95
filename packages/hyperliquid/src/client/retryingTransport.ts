import type { IRequestTransport } from '@nktkas/hyperliquid';
import { type BackoffPolicy, DEFAULT_BACKOFF, backoffDelayMs } from './backoff.js';
import { budgetRefusalOf } from './meteredTransport.js';
import { classifyTransportError, type TransportFailure } from './transportFailure.js';

/** Endpoints of nk's transport interface. */
type Endpoint = 'info' | 'exchange' | 'explorer';

/** Options of {@link RetryingTransport}. */
export interface RetryingTransportOptions {
  policy?: BackoffPolicy;
  /** Injectable for tests; must resolve after `ms`. */
  sleep?: (ms: number) => Promise<void>;
  /** Injectable for tests; uniform in [0, 1). */
  random?: () => number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Which failures are worth repeating, and on which endpoint.
 *
 * - 429 on any endpoint: the venue refused the request before looking at it (a throttled
 *   request does not consume the nonce), so resending the *same signed body* is safe.
 * - On `info` (pure reads) also 5xx, timeouts and dropped connections: repeating a read is
 *   harmless.
 * - On `exchange`, nothing else: a 5xx or a broken connection may hide an applied order, and
 *   deciding what to do then is the caller's job (outcome `transientError` / `uncertain`).
 */
function isRetryable(endpoint: Endpoint, failure: TransportFailure): boolean {
  if (failure.kind === 'http' && failure.status === 429) return true;
  if (endpoint !== 'info') return false;
  if (failure.kind === 'http') return failure.status >= 500;
  return failure.kind === 'timeout' || failure.kind === 'connectionDropped' || failure.kind === 'notSent';
}

/**
 * Wraps a transport (the PoolTransport in production) and retries per {@link isRetryable}
 * with bounded exponential backoff and jitter. It sits *under* nk's ExchangeClient, so a retried
 * exchange request is byte-for-byte the body nk signed — never re-signed with a fresh nonce,
 * which could double an order (reference §2.5, §8.4). When retries run out the last error is
 * rethrown unchanged for the outcome mapping.
 */
export class RetryingTransport implements IRequestTransport {
  readonly #inner: IRequestTransport;
  readonly #policy: BackoffPolicy;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;

  /** @param inner the transport that does the I/O. */
  constructor(inner: IRequestTransport, options: RetryingTransportOptions = {}) {
    this.#inner = inner;
    this.#policy = options.policy ?? DEFAULT_BACKOFF;
    this.#sleep = options.sleep ?? realSleep;
    this.#random = options.random ?? Math.random;
  }

  /** Network of the wrapped transport; nk signs with it (L1 source "a"/"b"). */
  get isTestnet(): boolean {
    return this.#inner.isTestnet;
  }

  /** Sends through the wrapped transport, retrying what {@link isRetryable} allows. */
  async request<T>(endpoint: Endpoint, payload: unknown, signal?: AbortSignal): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await this.#inner.request<T>(endpoint, payload, signal);
      } catch (error) {
        if (retry >= this.#policy.maxRetries || signal?.aborted === true) throw error;
        // Refused by this server's own budget after waiting its while: waiting again here would only
        // keep a person (or an order's own retry loop) waiting longer for the same answer.
        if (budgetRefusalOf(error) !== undefined) throw error;
        const failure = await classifyTransportError(error);
        if (failure === undefined || !isRetryable(endpoint, failure)) throw error;
        const hint = failure.kind === 'http' ? failure.retryAfterMs : undefined;
        await this.#sleep(backoffDelayMs(this.#policy, retry, this.#random, hint));
      }
    }
  }
}
