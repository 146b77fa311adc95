import type { IRequestTransport } from '@nktkas/hyperliquid';

/** One request a {@link ScriptedTransport} received. */
export interface RecordedRequest {
  endpoint: 'info' | 'exchange' | 'explorer';
  payload: Record<string, unknown>;
}

/** What a scripted step does with a request: answer with JSON, or throw. */
export type ScriptStep = (request: RecordedRequest) => unknown | Promise<unknown>;

/**
 * A transport with no network: records every request and answers from a script (or a default
 * handler). Used to capture signed bodies and to feed the outcome mapping every answer kind.
 */
export class ScriptedTransport implements IRequestTransport {
  readonly requests: RecordedRequest[] = [];
  readonly #script: ScriptStep[] = [];

  constructor(
    public isTestnet: boolean,
    private readonly fallback: ScriptStep = () => ({ status: 'ok', response: { type: 'default' } }),
  ) {}

  /** Queues the handlers for the next requests, in order. */
  then(...steps: ScriptStep[]): this {
    this.#script.push(...steps);
    return this;
  }

  /** The requests sent to one endpoint. */
  sentTo(endpoint: 'info' | 'exchange'): RecordedRequest[] {
    return this.requests.filter((request) => request.endpoint === endpoint);
  }

  async request<T>(endpoint: 'info' | 'exchange' | 'explorer', payload: unknown): Promise<T> {
    const request = { endpoint, payload: payload as Record<string, unknown> };
    this.requests.push(request);
    const step = this.#script.shift() ?? this.fallback;
    return (await step(request)) as T;
  }
}
