import { HttpRequestError, type IRequestTransport } from '@nktkas/hyperliquid';
import { infoType, requestWeight, responseWeight } from '../venue/requestWeight.js';
import { classifyTransportError } from './transportFailure.js';
import { BudgetExhaustedError, type RequestPriority, secondsToWait, type WeightMeter } from './weightMeter.js';

/** How long every request pauses after a 429 that named no Retry-After. */
const DEFAULT_429_PAUSE_MS = 1_000;

/**
 * Puts every request through the IP's {@link WeightMeter}: it waits for room in its priority's
 * share, is charged its documented weight (and an answer's per-item surcharge), and a 429 pauses
 * every request of the process. It sits under the RetryingTransport, so each retry is metered
 * too; a request refused locally (BudgetExhaustedError) is reported as a 429 the venue would have
 * given, never sent, so an order refused here is safe to send again. The refusal stays its cause
 * (budgetRefusalOf), so callers can say truly that it was this server's budget, not the venue.
 */
export class MeteredTransport implements IRequestTransport {
  readonly #inner: IRequestTransport;
  readonly #meter: WeightMeter;
  readonly #readPriority: Exclude<RequestPriority, 'order'>;

  /** @param readPriority the priority of this lane's `/info` reads; `/exchange` actions are always orders. */
  constructor(inner: IRequestTransport, meter: WeightMeter, readPriority: Exclude<RequestPriority, 'order'> = 'orderRead') {
    this.#inner = inner;
    this.#meter = meter;
    this.#readPriority = readPriority;
  }

  get isTestnet(): boolean {
    return this.#inner.isTestnet;
  }

  async request<T>(endpoint: 'info' | 'exchange' | 'explorer', payload: unknown, signal?: AbortSignal): Promise<T> {
    if (endpoint === 'explorer') return this.#inner.request<T>(endpoint, payload, signal); // not the venue's REST API
    try {
      await this.#meter.acquire(requestWeight(endpoint, payload), endpoint === 'exchange' ? 'order' : this.#readPriority, signal);
    } catch (error) {
      if (!(error instanceof BudgetExhaustedError)) throw error;
      const headers = { 'retry-after': String(secondsToWait(error.retryAfterMs)) };
      throw new HttpRequestError({ response: new Response(error.message, { status: 429, headers }), message: error.message }, { cause: error });
    }
    try {
      const answer = await this.#inner.request<T>(endpoint, payload, signal);
      if (endpoint === 'info') this.#meter.charge(responseWeight(infoType(payload), answer));
      return answer;
    } catch (error) {
      const failure = await classifyTransportError(error);
      if (failure?.kind === 'http' && failure.status === 429) this.#meter.backOff(failure.retryAfterMs ?? DEFAULT_429_PAUSE_MS);
      throw error;
    }
  }
}

/** The local budget refusal behind an error thrown through a MeteredTransport, if that is what it is. */
export function budgetRefusalOf(error: unknown): BudgetExhaustedError | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof BudgetExhaustedError) return current;
  }
  return undefined;
}
