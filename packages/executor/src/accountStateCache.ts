import type { AccountRef, AccountSnapshot, HyperliquidClient } from '@hyperhook/hyperliquid';

interface Entry {
  snapshot: AccountSnapshot;
  fetchedAt: number;
  /** Leverage this executor set (or saw) per coin since the snapshot: spares an activeAssetData read. */
  leverage: Map<string, number>;
}

/**
 * A short-lived cache of each user's balance and positions. One alert must cost one /exchange
 * order call plus only the reads it strictly needs: a burst of alerts for one user reuses the
 * snapshot, and the executor applies its own fills to the cached positions (they are the only
 * changes it knows about) instead of reading the account again. The TTL bounds how stale it gets
 * when the trader also trades elsewhere, and how long the balance goes without the fills' margin.
 */
export class AccountStateCache {
  readonly #entries = new Map<string, Entry>();
  readonly #client: HyperliquidClient;
  readonly #ttlMs: number;
  readonly #clock: () => number;

  /** @param ttlMs how long a snapshot is reused; 0 disables caching. */
  constructor(client: HyperliquidClient, ttlMs: number, clock: () => number) {
    this.#client = client;
    this.#ttlMs = ttlMs;
    this.#clock = clock;
  }

  #key(uid: string, account: AccountRef): string {
    return `${uid}:${account.isTestnet ? 't' : 'm'}:${account.accountAddress.toLowerCase()}`;
  }

  /** The cached snapshot when fresh, else a new one read from the exchange. Throws on a failed read. */
  async get(uid: string, account: AccountRef): Promise<AccountSnapshot> {
    const entry = this.#entries.get(this.#key(uid, account));
    if (entry !== undefined && this.#clock() - entry.fetchedAt < this.#ttlMs) return entry.snapshot;
    return this.refresh(uid, account);
  }

  /** Reads the snapshot again and caches it (after a fill). */
  async refresh(uid: string, account: AccountRef): Promise<AccountSnapshot> {
    const snapshot = await this.#client.getAccountSnapshot(account);
    const key = this.#key(uid, account);
    const previous = this.#entries.get(key);
    this.#entries.set(key, { snapshot, fetchedAt: this.#clock(), leverage: previous?.leverage ?? new Map() });
    return snapshot;
  }

  /** The leverage known for a coin: set by this executor, or carried by an open position. */
  knownLeverage(uid: string, account: AccountRef, coin: string): number | undefined {
    const entry = this.#entries.get(this.#key(uid, account));
    if (entry === undefined || this.#clock() - entry.fetchedAt >= this.#ttlMs) return undefined;
    return entry.leverage.get(coin) ?? entry.snapshot.positions.find((p) => p.coin === coin)?.leverage;
  }

  /** Remembers a leverage the exchange confirmed. */
  rememberLeverage(uid: string, account: AccountRef, coin: string, leverage: number): void {
    this.#entries.get(this.#key(uid, account))?.leverage.set(coin, leverage);
  }

  /**
   * Applies a fill of this executor to the cached position in `coin`: `signedSize` coins (positive
   * bought, negative sold) at `leverage`, so the next alert (a close, a reversal, a position cap)
   * sizes from the position the fill left. Without a cached snapshot there is nothing to correct:
   * the next alert reads a fresh one.
   */
  applyFill(uid: string, account: AccountRef, coin: string, signedSize: number, leverage: number): void {
    const entry = this.#entries.get(this.#key(uid, account));
    if (entry === undefined || signedSize === 0) return;
    const current = entry.snapshot.positions.find((p) => p.coin === coin);
    // toPrecision: a long run of float additions must not leave 1e-17 of a position behind.
    const szi = Number(((current?.szi ?? 0) + signedSize).toPrecision(12));
    const others = entry.snapshot.positions.filter((p) => p.coin !== coin);
    const moved = current === undefined
      ? { coin, szi, entryPx: 0, positionValue: 0, unrealizedPnl: 0, leverage, markPx: 0, liquidationPx: null, marginUsed: 0 }
      : { ...current, szi, leverage: current.szi === 0 || Math.sign(szi) !== Math.sign(current.szi) ? leverage : current.leverage };
    entry.snapshot = { ...entry.snapshot, positions: szi === 0 ? others : [...others, moved] };
  }

  /** Forgets a user's snapshot (a failed or uncertain order may have changed the account). */
  invalidate(uid: string, account: AccountRef): void {
    this.#entries.delete(this.#key(uid, account));
  }
}
