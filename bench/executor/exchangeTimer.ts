import type { IRequestTransport } from '@nktkas/hyperliquid';

/** One request to the exchange: when it started and ended (performance.now() ms). */
export interface ExchangeInterval {
  readonly start: number;
  end: number;
}

/**
 * Wraps a transport to record how long every request spends at the exchange, and when each order
 * action (by cloid) was handed over signed. The benchmark subtracts the exchange's own time from
 * the webhook-to-order latency, so the figure is hyperhook's work only.
 */
export class ExchangeTimer {
  readonly intervals: ExchangeInterval[] = [];
  readonly orderSentAt = new Map<string, number>();
  readonly #waiters = new Map<string, (at: number) => void>();

  /** The wrapped transport. */
  wrap(inner: IRequestTransport): IRequestTransport {
    return {
      isTestnet: inner.isTestnet,
      request: async <T>(endpoint: 'info' | 'exchange' | 'explorer', payload: unknown, signal?: AbortSignal): Promise<T> => {
        const start = performance.now();
        const action = (payload as { action?: { type?: string; orders?: { c?: string }[] } }).action;
        if (endpoint === 'exchange' && action?.type === 'order') {
          const cloid = action.orders?.[0]?.c;
          if (cloid !== undefined) {
            this.orderSentAt.set(cloid, start);
            this.#waiters.get(cloid)?.(start);
          }
        }
        const interval: ExchangeInterval = { start, end: Number.POSITIVE_INFINITY };
        this.intervals.push(interval);
        try {
          return await inner.request<T>(endpoint, payload, signal);
        } finally {
          interval.end = performance.now();
        }
      },
    };
  }

  /** Resolves with the time the order with `cloid` was sent. */
  orderSent(cloid: string): Promise<number> {
    const known = this.orderSentAt.get(cloid);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve) => this.#waiters.set(cloid, resolve));
  }

  /** Total time within [from, to] during which at least one exchange request was in flight. */
  busyBetween(from: number, to: number): number {
    const clipped = this.intervals
      .map((i) => ({ start: Math.max(i.start, from), end: Math.min(i.end, to) }))
      .filter((i) => i.end > i.start)
      .sort((a, b) => a.start - b.start);
    let busy = 0;
    let cursorStart = Number.NaN;
    let cursorEnd = Number.NaN;
    for (const i of clipped) {
      if (Number.isNaN(cursorEnd) || i.start > cursorEnd) {
        if (!Number.isNaN(cursorEnd)) busy += cursorEnd - cursorStart;
        cursorStart = i.start;
        cursorEnd = i.end;
      } else cursorEnd = Math.max(cursorEnd, i.end);
    }
    if (!Number.isNaN(cursorEnd)) busy += cursorEnd - cursorStart;
    return busy;
  }
}
