/**
 * Public types of the strict local Hyperliquid simulator.
 *
 * Other packages (the exchange client's tests, the CLI `hyperhook sim`, system tests and
 * benchmarks) program against these shapes, so they are kept small and stable. The universe and
 * the seeds of accounts and books are the engine's (`@hyperhook/venue-engine`).
 */
import type { SimAccountSeed, SimAsset, SimBookDepth, SimSubAccountSeed } from '@hyperhook/venue-engine';

/** Which venue the simulator impersonates: decides the L1 `source` ("a" | "b") and `hyperliquidChain`. */
export type SimNetwork = 'testnet' | 'mainnet';

/** Kinds of transport faults the simulator can inject. */
export type FaultKind = 'latency' | 'http429' | 'http5xx' | 'timeout' | 'dropAfterApply';

/** A fault to inject into the next matching requests. */
export interface FaultSpec {
  /** Which endpoint it applies to; omitted ⇒ both `/info` and `/exchange`. */
  endpoint?: 'info' | 'exchange';
  /** What goes wrong. */
  kind: FaultKind;
  /** Delay for `latency` (ms); ignored by the other kinds. */
  ms?: number;
  /** How many matching requests it affects; default 1. */
  count?: number;
  /** Only requests whose `action.type` (exchange) or `type` (info) equals this. */
  actionType?: string;
}

/** Counters that let tests prove what reached the venue (e.g. "no second order"). */
/** SimStats without its per-order maps. */
export type SimTotals = Omit<SimStats, 'ordersByCloid' | 'firstOrderArrivalByCloid'>;

export interface SimStats {
  /** Every POST /exchange that arrived, including refused and faulted ones. */
  exchangeRequests: number;
  /** Orders that came back `resting`, `filled`, `waitingForFill` or `waitingForTrigger`. */
  ordersAccepted: number;
  /** cloid (lowercase) → number of orders carrying it that reached execution (accepted or rejected per order). */
  ordersByCloid: Record<string, number>;
  /**
   * cloid (lowercase) → when the first /exchange order request carrying it arrived (the simulator's
   * clock, ms), before its signature is checked: when an order reached the wire, for a client's
   * latency from its own records (benchmarks).
   */
  firstOrderArrivalByCloid: Record<string, number>;
  /**
   * Every /info and /exchange request that arrived (HTTP POST or WebSocket `post`), by endpoint and
   * type ("info clearinghouseState", "exchange order"; "?" when unreadable): what a client costs the venue.
   */
  requestsByType: Record<string, number>;
  /** Requests refused with 429 by the per-IP weight budget (injected `http429` faults not included). */
  rateLimited: number;
  /** Weight used in the current 60 s window, per client IP (as the socket reports it, e.g. "127.0.0.1"). */
  ipWeight: Record<string, number>;
  /** The WebSocket API at /ws. */
  webSocket: {
    /** Connections open now. */
    open: number;
    /** Connections ever accepted. */
    opened: number;
    /** Frames sent to clients, the connection greeting included. */
    framesSent: number;
  };
}

/** Options of {@link startSimulator}. */
export interface SimulatorOptions {
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Port; 0 (default) picks a free one. */
  port?: number;
  /** Default 'testnet'. */
  network?: SimNetwork;
  /** Seed of the mark-price walk and of oids/tids; default 1. */
  seed?: number;
  /** Universe; default {@link DEFAULT_ASSETS}. */
  assets?: SimAsset[];
  /** Accounts created at start. */
  accounts?: SimAccountSeed[];
  /** Sub-accounts created at start, after `accounts` (their masters). */
  subAccounts?: SimSubAccountSeed[];
  /** Coins whose synthetic book starts thinner (or deeper) than the default. */
  books?: SimBookDepth[];
  /** Clock in ms since the epoch (nonce window, expiry, timestamps); default Date.now. */
  now?: () => number;
  /**
   * Waits out an injected `latency` fault; default a real timer. Tests hold and release it, so a
   * delayed answer is proven by the order of events rather than by measuring elapsed time.
   */
  sleep?: (ms: number) => Promise<void>;
  /** Mark-price random-walk interval in ms; null freezes prices (tests). Default 1000. */
  priceTickMs?: number | null;
  /**
   * Apply the 5-significant-figure rule to integer prices too. The venue documents that integer
   * prices are always allowed; one testnet note disagrees, so it stays switchable. Default false.
   */
  strictIntegerSigFigs?: boolean;
  /**
   * Per-IP budget of request weight per rolling minute, enforced like the venue (429, nonce kept);
   * weights as in reference §4.1. Default 1200, the venue's; null disables the limit (usage is still
   * reported in {@link SimStats.ipWeight}). The window runs on `now`.
   */
  ipWeightPerMinute?: number | null;
  /** A WebSocket connection that sent nothing for this long is closed, as the venue does. Default 60 000. */
  wsIdleTimeoutMs?: number;
}

/** A running simulator. */
export interface Simulator {
  /** Base URL, e.g. http://127.0.0.1:PORT (POST /info, POST /exchange). */
  url: string;
  /** WebSocket URL, e.g. ws://127.0.0.1:PORT/ws. */
  wsUrl: string;
  /** Stops the price walk, drops every open socket (WebSockets and timed-out requests included) and closes the server. */
  close(): Promise<void>;
  /** Creates or tops up an account and registers its agents. */
  seedAccount(seed: SimAccountSeed): void;
  /** Creates a sub-account of a master (or renames it and sets its balance when it exists). */
  createSubAccount(seed: SimSubAccountSeed): void;
  /** Adds USDC to the perp balance of an existing account or sub-account. */
  creditAccount(address: string, usdc: number): void;
  /** Sets the depth of a coin's synthetic book from now on (`levelSz: null` restores the default). */
  setBookDepth(depth: SimBookDepth): void;
  /**
   * Sets the mark (and mid/oracle) price, then fills crossed resting orders, fires triggers and,
   * before returning, liquidates the positions the new mark left below their maintenance margin.
   */
  setMarkPrice(coin: string, px: number): void;
  /**
   * Sets the hourly funding rate `metaAndAssetCtxs` lists for a coin (default the venue's baseline,
   * 0.0000125): the rate the positions are paid at on each funding hour of the simulator's clock
   * (fundingSettlement.ts), listed by `userFunding`. Hours already passed are settled first, at the old rate.
   */
  setFundingRate(coin: string, rate: number): void;
  /** Queues a fault for the next matching requests. */
  injectFault(f: FaultSpec): void;
  /** Drops every queued fault. */
  clearFaults(): void;
  /** Request/order counters. */
  stats(): SimStats;
  /** The counters without the per-order maps, whose size grows with every order: cheap to read often (a soak samples them every 10 s). */
  totals(): SimTotals;
  /** Terminates every open WebSocket connection abruptly, as a network drop would; returns how many. */
  dropWebSockets(): number;
  /** Sets the per-IP weight budget from now on (null: none), e.g. after a benchmark's set-up. */
  setIpWeightPerMinute(limit: number | null): void;
}
