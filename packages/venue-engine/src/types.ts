/**
 * Public types of the venue engine: the universe it trades and the seeds of its accounts and
 * books. The simulator's options and the paper venue's universe are built from them.
 */

/** One perpetual market of the simulated universe; its index in the list is its asset id. */
export interface SimAsset {
  /** Coin name as used by `/info` (e.g. "BTC", "kPEPE"). */
  name: string;
  /** Size decimals: sizes may carry at most this many decimals; prices at most `6 − szDecimals`. */
  szDecimals: number;
  /** Highest leverage `updateLeverage` accepts for the asset. */
  maxLeverage: number;
  /** Initial mark (= mid = oracle) price. */
  markPx: number;
  /** Asset refuses cross margin (venue flag `onlyIsolated`). */
  onlyIsolated?: boolean;
}

/** An API wallet (agent) registered for a master account when the account is seeded. */
export interface SimAgentSeed {
  /** Agent address (any case). */
  address: string;
  /** Named agent (listed by `extraAgents`); omit for the single unnamed agent. */
  name?: string;
  /** Expiry in ms since the epoch; default now + 90 days, like the venue. */
  validUntil?: number;
}

/** A master account to create (or top up) in the simulator. */
export interface SimAccountSeed {
  /** Master address (any case). */
  address: string;
  /** Perp USDC balance (cash, i.e. `totalRawUsd` before any trade). */
  usdc: number;
  /** USDC held on the spot side (shown by `spotClearinghouseState`); default 0. */
  spotUsdc?: number;
  /** Agents approved for this master. */
  agents?: SimAgentSeed[];
}

/**
 * Depth of one coin's synthetic book. The default is five levels a side of $100,000 each; a thin
 * book (e.g. one level of 0.004 BTC) makes a 0.01 BTC IOC fill 40 % and cancel the rest.
 */
export interface SimBookDepth {
  coin: string;
  /** Size in coins on every level of each side (a whole number of lots); null restores the default book. */
  levelSz: number | null;
  /** Levels a side, 1..20; default 5. */
  levels?: number;
}

/** A sub-account to create for a master (issue 39.5): its own user, traded with `vaultAddress`. */
export interface SimSubAccountSeed {
  /** The master that owns it (must exist, and not be a sub-account). */
  master: string;
  /** The sub-account's address (any case). */
  address: string;
  /** Its name (1 to 16 characters), as `subAccounts` lists it. */
  name: string;
  /** Perp USDC balance to set; omitted leaves it (0 for a new sub-account). */
  usdc?: number;
}
