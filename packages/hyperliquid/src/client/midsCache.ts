import { isFresh } from './isFresh.js';

/** The venue's mid prices (decimal strings by coin) as numbers: one reading for the REST answer and the socket's frames. */
export function midPrices(mids: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const coin in mids) out[coin] = Number(mids[coin]);
  return out;
}

/** Options of {@link MidsCache}. */
export interface MidsCacheOptions {
  /** How old mids may be when handed out; 0 reads on every call. Default 1000 ms. */
  readonly maxAgeMs?: number;
  readonly now?: () => number;
}

/**
 * Mid prices shared by every user of a network: at most one `allMids` read per `maxAgeMs`, and
 * concurrent callers of a stale cache share one read. Without it every alert cost one read of the
 * venue's whole price list (weight 2 against the IP's 1,200 a minute), the same list for everyone.
 * A failed read is not cached: its callers see the error and the next call reads again.
 */
export class MidsCache {
  readonly #read: () => Promise<Record<string, number>>;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #mids: Record<string, number> | undefined;
  #readAt = Number.NEGATIVE_INFINITY;
  #inFlight: Promise<Record<string, number>> | undefined;

  /** @param read reads every mid price from the venue. */
  constructor(read: () => Promise<Record<string, number>>, options: MidsCacheOptions = {}) {
    this.#read = read;
    this.#maxAgeMs = options.maxAgeMs ?? 1_000;
    this.#now = options.now ?? Date.now;
  }

  /** Mid prices by coin, no older than maxAgeMs when this call began. */
  mids(): Promise<Record<string, number>> {
    const startedAt = this.#now();
    if (this.#mids !== undefined && isFresh(this.#readAt, startedAt, this.#maxAgeMs)) return Promise.resolve(this.#mids);
    this.#inFlight ??= this.#read().then(
      (mids) => {
        this.#mids = mids;
        this.#readAt = startedAt;
        this.#inFlight = undefined;
        return mids;
      },
      (error: unknown) => {
        this.#inFlight = undefined;
        throw error;
      },
    );
    return this.#inFlight;
  }
}
