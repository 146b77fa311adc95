import type { IRequestTransport } from '@nktkas/hyperliquid';

/** Raised instead of sending when the gate of a {@link GatedTransport} rejected: nothing went on the wire. */
export class GateClosedError extends Error {
  constructor(cause: unknown) {
    super(`not sent: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'GateClosedError';
  }
}

/**
 * A transport that holds every request until `gate` settles: sent once it resolves, never sent if
 * it rejects. Lets a signed action be prepared while the step that must precede its sending (the
 * executor's durable exactly-once marker) is still being written.
 */
export class GatedTransport implements IRequestTransport {
  readonly #inner: IRequestTransport;
  readonly #gate: PromiseLike<unknown>;

  constructor(inner: IRequestTransport, gate: PromiseLike<unknown>) {
    this.#inner = inner;
    this.#gate = gate;
  }

  get isTestnet(): boolean {
    return this.#inner.isTestnet;
  }

  async request<T>(endpoint: 'info' | 'exchange' | 'explorer', payload: unknown, signal?: AbortSignal): Promise<T> {
    try {
      await this.#gate;
    } catch (error) {
      throw new GateClosedError(error);
    }
    return this.#inner.request<T>(endpoint, payload, signal);
  }
}
