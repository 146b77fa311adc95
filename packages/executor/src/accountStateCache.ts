import type { MarginMode } from '@hyperhook/domain';
import type { AccountRef, AccountSnapshot, HyperliquidClient } from '@hyperhook/hyperliquid';

interface Entry {
  snapshot: AccountSnapshot;
  fetchedAt: number;
  /** Leverage this executor set (or saw) per coin since the snapshot: spares an activeAssetData read. */
  leverage: Map<string, number>;
  /** The margin mode this executor last set per coin, as asked (issue 39.2): spares an activeAssetData read. */
  marginModes: Map<string, MarginMode>;
  /** When the executor last applied a fill of its own to it. */
  changedAt: number;
}

/**
 * Each user's balance and positions, tracked rather than re-read: the last snapshot the venue gave,
 * plus the executor's own fills applied to it. An alert asks for it no older than its sizing
 * needs (see accountMaxAgeMs): a %-of-balance alert wants a recent balance, a fixed-size one or a
 * close is served by the tracked state, so in steady state it costs no read at all. Concurrent
 * alerts of one user share one refresh. A rejection the tracked state cannot explain (margin, a
 * reduce-only refusal, an uncertain order) forgets it, and the next alert reads the venue.
 */
export class AccountStateCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<AccountSnapshot>>();
  readonly #client: Pick<HyperliquidClient, 'getAccountSnapshot'>;
  readonly #ttlMs: number;
  readonly #clock: () => number;

  /** @param ttlMs the default age a snapshot may have when asked for; 0 reads every time. */
  constructor(client: Pick<HyperliquidClient, 'getAccountSnapshot'>, ttlMs: number, clock: () => number) {
    this.#client = client;
    this.#ttlMs = ttlMs;
    this.#clock = clock;
  }

  #key(uid: string, account: AccountRef): string {
    return `${uid}:${account.isTestnet ? 't' : 'm'}:${account.accountAddress.toLowerCase()}`;
  }

  /** The tracked snapshot when it is younger than `maxAgeMs` (default the TTL), else a new one. Throws on a failed read. */
  async get(uid: string, account: AccountRef, maxAgeMs: number = this.#ttlMs): Promise<AccountSnapshot> {
    const entry = this.#entries.get(this.#key(uid, account));
    const age = entry === undefined ? Number.POSITIVE_INFINITY : this.#clock() - entry.fetchedAt;
    // A negative age: the wall clock stepped back since the read (issue 32, point 3). Read again,
    // rather than size orders on balances and positions up to the step's length old.
    if (entry !== undefined && age >= 0 && age < maxAgeMs) return entry.snapshot;
    return this.refresh(uid, account);
  }

  /** When the tracked snapshot was read from the venue, or undefined when there is none. */
  fetchedAt(uid: string, account: AccountRef): number | undefined {
    return this.#entries.get(this.#key(uid, account))?.fetchedAt;
  }

  /** Reads the snapshot again and tracks it; callers arriving meanwhile share the read. */
  refresh(uid: string, account: AccountRef): Promise<AccountSnapshot> {
    const key = this.#key(uid, account);
    let pending = this.#inFlight.get(key);
    if (pending === undefined) {
      const startedAt = this.#clock();
      pending = this.#client
        .getAccountSnapshot(account)
        .then((snapshot) => {
          this.#adopt(key, snapshot, startedAt);
          return this.#entries.get(key)?.snapshot ?? snapshot;
        })
        .finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  /** Tracks a snapshot read elsewhere (the fill recorder's), read at `readAt`. */
  adopt(uid: string, account: AccountRef, snapshot: AccountSnapshot, readAt: number): void {
    this.#adopt(this.#key(uid, account), snapshot, readAt);
  }

  #adopt(key: string, snapshot: AccountSnapshot, readAt: number): void {
    const previous = this.#entries.get(key);
    // A read that began before the tracked state was read or moved by a fill must not replace it
    // with older news. Tracked times later than now were taken before the wall clock stepped back
    // (issue 32, point 3): they order nothing, and honouring them would refuse every new read for
    // the step's length.
    const steppedBack = previous !== undefined && Math.max(previous.fetchedAt, previous.changedAt) > this.#clock();
    if (previous !== undefined && !steppedBack && (previous.fetchedAt > readAt || previous.changedAt > readAt)) return;
    this.#entries.set(key, {
      snapshot,
      fetchedAt: readAt,
      leverage: previous?.leverage ?? new Map(),
      marginModes: previous?.marginModes ?? new Map(),
      changedAt: Number.NEGATIVE_INFINITY,
    });
  }

  /** The leverage known for a coin: set by this executor, or carried by an open position. */
  knownLeverage(uid: string, account: AccountRef, coin: string): number | undefined {
    const entry = this.#entries.get(this.#key(uid, account));
    if (entry === undefined) return undefined;
    return entry.leverage.get(coin) ?? entry.snapshot.positions.find((p) => p.coin === coin)?.leverage;
  }

  /**
   * The margin mode known for a coin: as this executor last asked for it, or as an open position
   * read from the venue has it. Asked for, so an isolated-only coin asked cross reads cross: asking
   * again would change nothing there either.
   */
  knownMarginMode(uid: string, account: AccountRef, coin: string): MarginMode | undefined {
    const entry = this.#entries.get(this.#key(uid, account));
    if (entry === undefined) return undefined;
    return entry.marginModes.get(coin) ?? entry.snapshot.positions.find((p) => p.coin === coin)?.marginMode;
  }

  /** Remembers a leverage (and the margin mode it was asked in) the exchange confirmed. */
  rememberLeverage(uid: string, account: AccountRef, coin: string, leverage: number, marginMode?: MarginMode): void {
    const entry = this.#entries.get(this.#key(uid, account));
    entry?.leverage.set(coin, leverage);
    if (marginMode !== undefined) entry?.marginModes.set(coin, marginMode);
  }

  /**
   * Applies a fill of this executor to the tracked position in `coin`: `signedSize` coins (positive
   * bought, negative sold) at `price` and `leverage`, so the next alert (a close, a reversal, a
   * position cap) sizes from the position the fill left. A fill that grows the position takes its
   * margin from the available balance; margin a reduction frees is left for the next read to
   * show (tracked balance errs low, and a plan it caps is planned again on a fresh read).
   * Without a tracked snapshot there is nothing to correct: the next alert reads a fresh one.
   */
  applyFill(uid: string, account: AccountRef, coin: string, signedSize: number, leverage: number, price?: number): void {
    const entry = this.#entries.get(this.#key(uid, account));
    if (entry === undefined || signedSize === 0) return;
    const current = entry.snapshot.positions.find((p) => p.coin === coin);
    const before = current?.szi ?? 0;
    // toPrecision: a long run of float additions must not leave 1e-17 of a position behind.
    const szi = Number((before + signedSize).toPrecision(12));
    const others = entry.snapshot.positions.filter((p) => p.coin !== coin);
    const moved =
      current === undefined
        ? { coin, szi, entryPx: price ?? 0, positionValue: 0, unrealizedPnl: 0, leverage, markPx: 0, liquidationPx: null, marginUsed: 0 }
        : { ...current, szi, leverage: current.szi === 0 || Math.sign(szi) !== Math.sign(current.szi) ? leverage : current.leverage };
    const grown = Math.max(0, Math.abs(szi) - (Math.sign(szi) === Math.sign(before) ? Math.abs(before) : 0));
    const margin = price === undefined || leverage <= 0 ? 0 : (grown * price) / leverage;
    const balance = { ...entry.snapshot.balance, availableBalance: Math.max(0, entry.snapshot.balance.availableBalance - margin) };
    entry.snapshot = { ...entry.snapshot, balance, positions: szi === 0 ? others : [...others, moved] };
    entry.changedAt = this.#clock();
  }

  /** Forgets every tracked account of a user (they synced: something changed outside hyperhook). */
  forgetUser(uid: string): void {
    for (const key of this.#entries.keys()) if (key.startsWith(`${uid}:`)) this.#entries.delete(key);
  }

  /** Forgets a user's snapshot (a failed or uncertain order may have changed the account). */
  invalidate(uid: string, account: AccountRef): void {
    this.#entries.delete(this.#key(uid, account));
  }
}
