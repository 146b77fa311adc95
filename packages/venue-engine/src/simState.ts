/**
 * The engine's whole mutable state: accounts, agents, orders, prices and id sources. Plain data
 * plus lookups; the rules live in the modules that act on it (ledger, placeOrders, markEvents,
 * agents, tradingActions). What only a server has (signatures' network, nonces, request counts)
 * is the server's.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { defaultLeverage } from './assets.js';
import { BASELINE_FUNDING_RATE } from './funding.js';
import { MarkPrices } from './markPrices.js';
import { createPrng, deriveSeed, int50, INT50_DRAWS, type Prng } from './prng.js';
import { DEFAULT_DEPTH, type BookDepth } from './syntheticBook.js';
import type { SimAccountSeed, SimAsset } from './types.js';

/** Order statuses the simulator produces (names as in `orderStatus`). */
export type OrderStatusName =
  | 'open'
  | 'filled'
  | 'canceled'
  | 'triggered'
  | 'rejected'
  | 'reduceOnlyCanceled'
  | 'siblingFilledCanceled'
  | 'liquidatedCanceled'
  | 'scheduledCancel'
  | 'tickRejected'
  | 'minTradeNtlRejected'
  | 'perpMarginRejected'
  | 'reduceOnlyRejected'
  | 'badAloPxRejected'
  | 'iocCancelRejected'
  | 'badTriggerPxRejected'
  | 'oracleRejected';

/** Limit time-in-force. */
export type Tif = 'Gtc' | 'Ioc' | 'Alo' | 'FrontendMarket';

/** An order known to the simulator (live or finished); sizes in integer lots. */
export interface SimOrder {
  oid: number;
  user: string;
  asset: number;
  coin: string;
  isBuy: boolean;
  limitPx: number;
  /** Remaining size. */
  lots: number;
  origLots: number;
  reduceOnly: boolean;
  /** null for trigger orders. */
  tif: Tif | null;
  trigger: { px: number; isMarket: boolean; tpsl: 'tp' | 'sl' } | null;
  /** A trigger that already fired and now rests as a plain limit order. */
  triggered: boolean;
  isPositionTpsl: boolean;
  /** `positionTpsl` with size "0": always the whole position. */
  wholePosition: boolean;
  /** Bracket child → its entry. */
  parentOid: number | null;
  childOids: number[];
  /** TP/SL placed together: one filling cancels the others. */
  siblingOids: number[];
  /** Bracket child still waiting for its entry to fill ("waitingForFill"). */
  pendingParent: boolean;
  cloid: string | null;
  timestamp: number;
  status: OrderStatusName;
  statusTimestamp: number;
}

/** A position; `lots` is signed (positive = long). */
export interface SimPosition {
  lots: number;
  entryPx: number;
}

/** A fill as recorded for `userFills`. */
export interface SimFill {
  coin: string;
  szDecimals: number;
  px: number;
  lots: number;
  isBuy: boolean;
  time: number;
  startLots: number;
  dir: string;
  closedPnl: number;
  hash: string;
  oid: number;
  crossed: boolean;
  fee: number;
  tid: number;
  cloid: string | null;
  /** Set on the fill that closed a position by liquidation (listed as `liquidation` in userFills). */
  liquidation?: SimFillLiquidation;
}

/** The `liquidation` block of a fill: whose position it was, the mark it was closed at, how. */
export interface SimFillLiquidation {
  liquidatedUser: string;
  markPx: number;
  /** The simulator closes at the mark, like the venue's market liquidation; no backstop vault. */
  method: 'market';
}

/** An approved API wallet. `name` null = the single unnamed agent. */
export interface SimAgent {
  address: string;
  name: string | null;
  validUntil: number;
}

/** Leverage setting of (user, asset). */
export interface LeverageSetting {
  type: 'cross' | 'isolated';
  value: number;
}

/** A user: a master account, or a sub-account a master created (issue 39.5). */
export interface SimAccount {
  address: string;
  /** Set on a sub-account: its master and its name. A sub-account has no key: it never signs. */
  subAccountOf: { master: string; name: string } | null;
  /** Perp cash: deposits − fees + Σ(−signed size · fill price); the venue's `totalRawUsd`. */
  rawUsd: number;
  spotUsdc: number;
  positions: Map<number, SimPosition>;
  leverage: Map<number, LeverageSetting>;
  /** Oldest first. */
  fills: SimFill[];
  cumVlm: number;
  nRequestsUsed: number;
  agents: SimAgent[];
  /** Agent addresses ever approved: the venue refuses to re-approve one ("Extra agent already used."). */
  usedAgentAddresses: Set<string>;
  scheduledCancelTime: number | null;
  scheduledCancelDay: { day: number; count: number };
}

/** Who an L1 signature speaks for. */
export type SignerResolution =
  { kind: 'master'; master: SimAccount } | { kind: 'agent'; master: SimAccount; agent: SimAgent } | { kind: 'expiredAgent' } | { kind: 'unknown' };

/**
 * Hears about order and fill changes as they happen, so pushed feeds (WebSocket `orderUpdates`,
 * `userFills`) need no polling of the whole state.
 */
export interface SimObserver {
  /** An order was created, changed status or was resized. */
  orderChanged(order: SimOrder): void;
  /** A fill was booked for `acct`. */
  fillRecorded(acct: SimAccount, fill: SimFill): void;
}

/** Construction parameters of {@link SimState}. */
export interface SimStateOptions {
  assets: readonly SimAsset[];
  seed: number;
  now: () => number;
  strictIntegerSigFigs: boolean;
}

/** Default agent lifetime when no `valid_until` is given (observed on the venue). */
export const DEFAULT_AGENT_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** Container of all simulator state. */
export class SimState {
  readonly assets: readonly SimAsset[];
  readonly marks: MarkPrices;
  readonly now: () => number;
  readonly strictIntegerSigFigs: boolean;
  readonly accounts = new Map<string, SimAccount>();
  /** Every order ever placed (live and finished), by oid. */
  readonly orders = new Map<number, SimOrder>();
  /** Live orders only, so per-order work scales with the book, not with history. */
  private readonly live = new Map<number, SimOrder>();
  /** `user:cloid` → most recent order carrying that cloid. */
  private readonly byCloid = new Map<string, SimOrder>();
  /** Hourly funding rate per coin that was set (for metaAndAssetCtxs); the others have the baseline (fundingRate). */
  readonly fundingRates = new Map<string, number>();
  /** Traded notional and base size per coin (for metaAndAssetCtxs). */
  readonly volumes = new Map<string, { ntl: number; base: number }>();
  /** Orders that reached execution: accepted ones, and per cloid (lowercase) all of them. */
  readonly counters = {
    ordersAccepted: 0,
    ordersByCloid: new Map<string, number>(),
  };
  readonly observers = new Set<SimObserver>();
  /** Coins whose synthetic book is not the default one. */
  private readonly depths = new Map<string, BookDepth>();
  private oidCursor: number;
  private readonly tidSeed: number;
  private tidDraws = 0;
  private tidRng: Prng;

  constructor(opts: SimStateOptions) {
    this.assets = opts.assets;
    this.now = opts.now;
    this.strictIntegerSigFigs = opts.strictIntegerSigFigs;
    this.marks = new MarkPrices(opts.assets, opts.seed);
    // Real oids are ~1e11; start in that range but seed-dependent so runs are reproducible.
    this.oidCursor = 10_000_000_000 + (deriveSeed(opts.seed, 'oid') % 1_000_000_000);
    this.tidSeed = deriveSeed(opts.seed, 'tid');
    this.tidRng = createPrng(this.tidSeed);
  }

  /** Next order id (strictly increasing). */
  nextOid(): number {
    this.oidCursor += 1;
    return this.oidCursor;
  }

  /**
   * Makes every later oid larger than `oid`: an order placed again with the oid it was recorded
   * with (the paper venue's restore) stays unique among the orders placed after it.
   */
  reserveOidsThrough(oid: number): void {
    if (oid > this.oidCursor) this.oidCursor = oid;
  }

  /** Next trade id (< 2^50, deterministic for a seed). */
  nextTid(): number {
    this.tidDraws += INT50_DRAWS;
    return int50(this.tidRng);
  }

  /**
   * Moves the order and trade ids on as booking `count` fills one by one would (one unlisted order
   * and one trade each), without booking them: a paper account opened from its books, not its
   * fills, then numbers its next order and trade as a replay of every fill would have.
   */
  skipIdsOfFills(count: number): void {
    this.oidCursor += count;
    this.tidDraws += count * INT50_DRAWS;
    this.tidRng = createPrng(this.tidSeed, this.tidDraws);
  }

  /** Asset by id, or undefined. */
  asset(id: number): SimAsset | undefined {
    return this.assets[id];
  }

  /** Asset id of a coin name, or -1. */
  assetId(coin: string): number {
    return this.assets.findIndex((a) => a.name === coin);
  }

  /** Account by (any-case) address, or undefined. */
  account(address: string): SimAccount | undefined {
    return this.accounts.get(address.toLowerCase());
  }

  /** Creates an account (balance 0) if missing. */
  ensureAccount(address: string): SimAccount {
    const key = address.toLowerCase();
    let acct = this.accounts.get(key);
    if (!acct) {
      acct = {
        address: key,
        subAccountOf: null,
        rawUsd: 0,
        spotUsdc: 0,
        positions: new Map(),
        leverage: new Map(),
        fills: [],
        cumVlm: 0,
        nRequestsUsed: 0,
        agents: [],
        usedAgentAddresses: new Set(),
        scheduledCancelTime: null,
        scheduledCancelDay: { day: -1, count: 0 },
      };
      this.accounts.set(key, acct);
    }
    return acct;
  }

  /** Creates or tops up an account: sets its perp/spot USDC and (re)registers the listed agents. */
  seedAccount(seed: SimAccountSeed): SimAccount {
    const acct = this.ensureAccount(seed.address);
    acct.rawUsd = seed.usdc;
    if (seed.spotUsdc !== undefined) acct.spotUsdc = seed.spotUsdc;
    for (const a of seed.agents ?? []) {
      const agent: SimAgent = {
        address: a.address.toLowerCase(),
        name: a.name ?? null,
        validUntil: a.validUntil ?? this.now() + DEFAULT_AGENT_TTL_MS,
      };
      acct.agents = acct.agents.filter((x) => x.name !== agent.name && x.address !== agent.address);
      acct.agents.push(agent);
      acct.usedAgentAddresses.add(agent.address);
    }
    return acct;
  }

  /** Master account an agent address belongs to, with the agent record. */
  findAgent(address: string): { master: SimAccount; agent: SimAgent } | undefined {
    const key = address.toLowerCase();
    for (const master of this.accounts.values()) {
      const agent = master.agents.find((a) => a.address === key);
      if (agent) return { master, agent };
    }
    return undefined;
  }

  /** Maps a recovered L1 signer to the account it acts for (masters first, then agents). */
  resolveSigner(address: string): SignerResolution {
    const master = this.account(address);
    if (master && !master.subAccountOf) return { kind: 'master', master };
    const found = this.findAgent(address);
    if (!found) return { kind: 'unknown' };
    // Strict: the venue prunes expired agents lazily (minutes late); the simulator refuses at once.
    if (found.agent.validUntil <= this.now()) return { kind: 'expiredAgent' };
    return { kind: 'agent', master: found.master, agent: found.agent };
  }

  /** The hourly funding rate of `coin`: the one set, else the venue's baseline. */
  fundingRate(coin: string): number {
    return this.fundingRates.get(coin) ?? BASELINE_FUNDING_RATE;
  }

  /** Leverage of (account, asset), defaulting to cross 20 (capped by maxLeverage). */
  leverageOf(acct: SimAccount, assetId: number): LeverageSetting {
    const set = acct.leverage.get(assetId);
    if (set) return set;
    const asset = this.asset(assetId);
    if (!asset) throw new Error(`unknown asset ${assetId}`);
    return defaultLeverage(asset);
  }

  /** The synthetic book shape of `coin`. */
  bookDepth(coin: string): BookDepth {
    return this.depths.get(coin) ?? DEFAULT_DEPTH;
  }

  /** Sets (or, with null, resets) the synthetic book shape of `coin`. */
  setBookDepth(coin: string, depth: BookDepth | null): void {
    if (this.assetId(coin) < 0) throw new Error(`unknown coin ${coin}`);
    if (depth === null) this.depths.delete(coin);
    else this.depths.set(coin, depth);
  }

  /** Signed position size in lots (0 when flat). */
  positionLots(acct: SimAccount, assetId: number): number {
    return acct.positions.get(assetId)?.lots ?? 0;
  }

  /** Registers a newly created order (status 'open'). */
  addOrder(order: SimOrder): void {
    this.orders.set(order.oid, order);
    if (order.status === 'open') this.live.set(order.oid, order);
    if (order.cloid) this.byCloid.set(`${order.user}:${order.cloid}`, order);
    this.orderChanged(order);
  }

  /** Tells observers an order changed in a way they cannot see from its status (e.g. it was resized). */
  orderChanged(order: SimOrder): void {
    for (const observer of this.observers) observer.orderChanged(order);
  }

  /** Appends a fill to the account's history (oldest first) and tells observers. */
  recordFill(acct: SimAccount, fill: SimFill): void {
    acct.fills.push(fill);
    for (const observer of this.observers) observer.fillRecorded(acct, fill);
  }

  /** The most recent order of `user` with this cloid (duplicates are allowed; the newest wins). */
  orderByCloid(user: string, cloid: string): SimOrder | undefined {
    return this.byCloid.get(`${user}:${cloid.toLowerCase()}`);
  }

  /** Orders still live (resting, waiting for trigger or for their parent), in oid order. */
  liveOrders(filter: { user?: string; asset?: number } = {}): SimOrder[] {
    const out: SimOrder[] = [];
    for (const o of this.live.values()) {
      if (o.status !== 'open') continue;
      if (filter.user !== undefined && o.user !== filter.user) continue;
      if (filter.asset !== undefined && o.asset !== filter.asset) continue;
      out.push(o);
    }
    return out.sort((x, y) => x.oid - y.oid);
  }

  /** Sets an order's status and its timestamp. */
  setStatus(order: SimOrder, status: OrderStatusName): void {
    order.status = status;
    order.statusTimestamp = this.now();
    if (status === 'open') this.live.set(order.oid, order);
    else this.live.delete(order.oid);
    this.orderChanged(order);
  }

  /** Fill hash for fills caused by price moves (no action hash to reuse): 0x + 64 hex, deterministic. */
  syntheticHash(tid: number): string {
    return `0x${bytesToHex(keccak_256(utf8ToBytes(`hyperhook-sim-fill-${tid}`)))}`;
  }
}
