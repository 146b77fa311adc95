/**
 * Per-IP request weight over a rolling window, on the simulator's clock so tests move time instead
 * of waiting for it. Charges made at the same millisecond share one entry, which bounds memory by
 * the window length rather than by the request rate (benchmarks send thousands per second).
 */

/** Length of the venue's rate-limit window. */
export const WEIGHT_WINDOW_MS = 60_000;

interface Charge {
  at: number;
  weight: number;
}

interface IpWindow {
  charges: Charge[];
  /** Index of the oldest charge still inside the window (expired ones are dropped lazily). */
  head: number;
  total: number;
}

/** Weight used per IP in the last {@link WEIGHT_WINDOW_MS}, against an optional limit. */
export class IpWeightBudget {
  private readonly windows = new Map<string, IpWindow>();

  /** `limit` null: nothing is ever refused, but usage is still tracked (it is what a client costs). */
  constructor(
    private limit: number | null,
    private readonly now: () => number,
    private readonly windowMs = WEIGHT_WINDOW_MS,
  ) {}

  /** Changes the limit from now on; the weight already used in the window stays counted. */
  setLimit(limit: number | null): void {
    this.limit = limit;
  }

  /** Charges `weight` to `ip` if it fits the limit; false (and nothing charged) if it would exceed it. */
  tryCharge(ip: string, weight: number): boolean {
    if (this.limit !== null && this.used(ip) + weight > this.limit) return false;
    this.charge(ip, weight);
    return true;
  }

  /** Charges unconditionally: for costs known only after the answer, which may take the IP over. */
  charge(ip: string, weight: number): void {
    if (weight <= 0) return;
    const at = this.now();
    const w = this.windows.get(ip) ?? { charges: [], head: 0, total: 0 };
    this.windows.set(ip, w);
    const last = w.charges[w.charges.length - 1];
    if (last?.at === at) last.weight += weight;
    else w.charges.push({ at, weight });
    w.total += weight;
  }

  /** Weight `ip` used inside the current window. */
  used(ip: string): number {
    const w = this.windows.get(ip);
    if (!w) return 0;
    this.expire(ip, w);
    return w.total;
  }

  /** Weight used inside the current window, per IP that used any. */
  usage(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const ip of [...this.windows.keys()]) {
      const used = this.used(ip);
      if (used > 0) out[ip] = used;
    }
    return out;
  }

  private expire(ip: string, w: IpWindow): void {
    const cutoff = this.now() - this.windowMs;
    while (w.head < w.charges.length && (w.charges[w.head] as Charge).at <= cutoff) {
      w.total -= (w.charges[w.head] as Charge).weight;
      w.head += 1;
    }
    if (w.head === w.charges.length) {
      this.windows.delete(ip);
      return;
    }
    // Compact once the dead prefix dominates, so the array does not grow forever.
    if (w.head > 1024 && w.head * 2 > w.charges.length) {
      w.charges = w.charges.slice(w.head);
      w.head = 0;
    }
  }
}
