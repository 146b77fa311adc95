import type { MetaResponse } from '@nktkas/hyperliquid/api/info';
import { isFresh } from './isFresh.js';

/** One perp market as the client needs it. */
export interface PerpAsset {
  /** Coin name as `/info` spells it ("BTC", "kPEPE"). */
  coin: string;
  /** Asset id for `/exchange`: the coin's index in `meta.universe` (differs between networks). */
  assetId: number;
  szDecimals: number;
  maxLeverage: number;
  /** The asset cannot be traded with cross margin (`onlyIsolated`, or a `marginMode` that forbids cross). */
  isolatedOnly: boolean;
  /** Delisted: no new positions. */
  delisted: boolean;
}

/** Options of {@link MetaCache}. */
export interface MetaCacheOptions {
  /** Age after which the universe is fetched again on the next lookup. Default 5 minutes. */
  ttlMs?: number;
  /**
   * Minimum spacing of refreshes caused by an unknown coin. A new listing shows up on the next
   * lookup, while a stream of alerts for a misspelled symbol cannot hammer `meta` (weight 20).
   */
  missRefreshMs?: number;
  now?: () => number;
}

/** Reads a `meta` answer into assets keyed by coin. */
export function assetsFromMeta(meta: MetaResponse): Map<string, PerpAsset> {
  const assets = new Map<string, PerpAsset>();
  meta.universe.forEach((entry, assetId) => {
    assets.set(entry.name, {
      coin: entry.name,
      assetId,
      szDecimals: entry.szDecimals,
      maxLeverage: entry.maxLeverage,
      isolatedOnly: entry.onlyIsolated === true || entry.marginMode === 'strictIsolated' || entry.marginMode === 'noCross',
      delisted: entry.isDelisted === true,
    });
  });
  return assets;
}

/**
 * The perp universe of one network, cached: asset ids and decimals are needed for every order
 * but change only on listings. Refreshed when older than the TTL and when a coin is not found
 * (a listing since the last fetch). Concurrent lookups share one in-flight fetch.
 */
export class MetaCache {
  readonly #fetch: () => Promise<MetaResponse>;
  readonly #ttlMs: number;
  readonly #missRefreshMs: number;
  readonly #now: () => number;
  #assets: Map<string, PerpAsset> | undefined;
  #fetchedAt = Number.NEGATIVE_INFINITY;
  #inFlight: Promise<Map<string, PerpAsset>> | undefined;

  /** @param fetchMeta reads `meta` from the venue (errors propagate to the caller of the lookup). */
  constructor(fetchMeta: () => Promise<MetaResponse>, options: MetaCacheOptions = {}) {
    this.#fetch = fetchMeta;
    this.#ttlMs = options.ttlMs ?? 5 * 60_000;
    this.#missRefreshMs = options.missRefreshMs ?? 5_000;
    this.#now = options.now ?? Date.now;
  }

  /** The asset named `coin` (exact spelling), or undefined when the venue does not list it. */
  async asset(coin: string): Promise<PerpAsset | undefined> {
    const assets = await this.assets();
    const found = assets.get(coin);
    if (found !== undefined) return found;
    if (isFresh(this.#fetchedAt, this.#now(), this.#missRefreshMs)) return undefined;
    return (await this.#refresh()).get(coin);
  }

  /** Every listed asset, refreshed when stale. */
  async assets(): Promise<Map<string, PerpAsset>> {
    if (this.#assets !== undefined && isFresh(this.#fetchedAt, this.#now(), this.#ttlMs)) return this.#assets;
    return this.#refresh();
  }

  /** Forgets the cached universe (e.g. after the venue rejected an asset id). */
  invalidate(): void {
    this.#assets = undefined;
    this.#fetchedAt = Number.NEGATIVE_INFINITY;
  }

  #refresh(): Promise<Map<string, PerpAsset>> {
    this.#inFlight ??= this.#fetch()
      .then((meta) => {
        this.#assets = assetsFromMeta(meta);
        this.#fetchedAt = this.#now();
        return this.#assets;
      })
      .finally(() => {
        this.#inFlight = undefined;
      });
    return this.#inFlight;
  }
}
