import type { MarginMode } from '@hyperhook/domain';
import { ExchangeClient, InfoClient, type IRequestTransport } from '@nktkas/hyperliquid';
import { LRUCache } from 'lru-cache';
import type { ClearinghouseStateResponse, UserFillsByTimeResponse } from '@nktkas/hyperliquid/api/info';
import { type AccountMode, type AccountSnapshot, inferModeFromStates, modeFromAbstraction, toAccountSnapshot } from './accountState.js';
import { assetForAction } from './assetForAction.js';
import { type CancelByCloid, cancelByCloid, type CancelByOid, type CancelOrdersIo, type CancelOrdersResult, cancelOrders } from './cancelOrders.js';
import type { BackoffPolicy } from './backoff.js';
import { createExchangeClient } from './exchangeClientFactory.js';
import { type FundingRate, toFundingRates } from './fundingRates.js';
import { type ExchangeOutcome, type FailedOutcome, rejected, transientError } from './exchangeOutcome.js';
import { apiUrlFor, type HyperliquidEndpoints, resolveEndpoints } from './endpoints.js';
import { isFresh } from './isFresh.js';
import { ensureLeverage, type LeverageIo, type LeverageSetting, type LeverageStep } from './leverage.js';
import { MetaCache, type PerpAsset } from './metaCache.js';
import { MeteredTransport } from './meteredTransport.js';
import { midPrices, MidsCache } from './midsCache.js';
import { MidsFeed, type MidsFeedStats, type WebSocketConstructor, webSocketUrlFor } from './midsFeed.js';
import { modifyOrders, type ModifyOrdersResult, type OrderModification } from './modifyOrders.js';
import { NonceManager } from './nonceManager.js';
import { type OpenOrder, toOpenOrders } from './openOrders.js';
import type { OrderToPlace } from './orderWire.js';
import { GatedTransport } from './gatedTransport.js';
import { placeLadder, type PlaceLadderResult } from './placeLadder.js';
import { placeOrder, type PlaceOrderIo, type PlaceOrderResult } from './placeOrder.js';
import { placeTriggerOrders, type PlaceTriggerOrdersResult } from './placeTriggerOrders.js';
import { PoolTransport } from './poolTransport.js';
import { HyperliquidReadError, read } from './readError.js';
import { type ReconcileResult, reconcileFromOrderStatus } from './reconcile.js';
import { RetryingTransport } from './retryingTransport.js';
import { InvalidPrivateKeyError } from './signerAccount.js';
import { createWalletCache } from './walletCache.js';
import { type SubAccount, toSubAccounts } from './subAccounts.js';
import { readFundingPages, toUserFunding, type UserFunding } from './userFunding.js';
import { outcomeFromError, outcomeFromResponse } from './toExchangeOutcome.js';
import type { TriggerGrouping, TriggerOrderToPlace } from './triggerWire.js';
import {
  type AgentCheckOptions,
  type AgentKeyCheck,
  checkAgentAtVenue,
  checkKeyLocally,
  confirmUnnamedAgent,
  rememberCheckUntil,
  type VerifyAgentKeyInput,
} from './verifyAgentKey.js';
import { type RequestPriority, WeightMeter, type WeightMeterStats } from './weightMeter.js';

/** A main account on one network: what every `/info` read is about (never the API wallet). */
export interface AccountRef {
  /** The main account address (reads must use it: an agent address returns empty data). */
  accountAddress: string;
  isTestnet: boolean;
  /** The account mode when already known (read at the key save): snapshots then need not ask for it. */
  mode?: AccountMode | undefined;
}

/** An account plus the API wallet key that signs for it. */
export interface SignerRef extends AccountRef {
  /** The API wallet's private key. Turned into a signer per call and never logged or echoed. */
  agentPrivateKey: string;
  /**
   * A sub-account of the master to trade for (issue 39.5): put as `vaultAddress` into every
   * signed request and its hash, so orders, cancels and leverage act on the sub-account. The API
   * wallet stays the master's. Reads follow `accountAddress`, so set it to the sub-account too.
   */
  vaultAddress?: string | undefined;
}

/** The priorities a read can take in the weight budget (orders are always `order`). */
export type ReadPriority = Exclude<RequestPriority, 'order'>;

/**
 * Which lane of the weight budget a read takes (see REQUEST_PRIORITIES): by default the client's
 * own (`readPriority`); `deferrable` for reads nothing waits for (fills, snapshots for the record,
 * the action budget), which give way to orders, the reads they need and the people in the app.
 */
export interface ReadLane {
  readonly priority?: ReadPriority;
  /** Gives the read up, waiting for room in the budget or in flight: a stopping reader's. */
  readonly signal?: AbortSignal;
}

/** An address's action budget as the venue counts it (reference §4.1). */
export interface ActionBudget {
  readonly used: number;
  readonly cap: number;
  /** Cumulative traded volume, USD: each dollar adds one request to the cap. */
  readonly cumulativeVolume: number;
}

/** Configuration of {@link HyperliquidClient}. */
export interface HyperliquidClientConfig extends Partial<HyperliquidEndpoints> {
  /** Per-request timeout. Default 10 s. */
  timeoutMs?: number;
  /** 429 backoff. */
  backoff?: BackoffPolicy;
  /** Age after which `meta` is read again. Default 5 min. */
  metaTtlMs?: number;
  /** How old mid prices may be: one `allMids` read serves every caller for this long. Default 1 s. */
  midsMaxAgeMs?: number;
  /** Lifetime of a signed order (its `expiresAfter`), or null for none. Default 60 s. */
  orderExpiryMs?: number | null;
  /** How long an account's mode (standard/unified) is remembered. Default 10 min. */
  accountModeTtlMs?: number;
  /** How long a key check's answer is remembered for the account (the same key saved again). Default 10 min. */
  keyCheckTtlMs?: number;
  /**
   * The priority of this client's reads in the weight budget: `orderRead` (default) for the
   * executor, whose reads an order waits for; `interactive` for the api, whose reads a person in
   * the app waits for, so that a burst of key saves and syncs never holds an order back.
   */
  readPriority?: Exclude<ReadPriority, 'deferrable'>;
  /** Process-wide nonce source; share one between clients that may sign with the same wallet. */
  nonces?: NonceManager;
  now?: () => number;
  /**
   * The venue's per-IP weight budget a minute (reference §4.1), default 1,200, and per network the
   * shared memory of its meter (createMeterMemory) when other threads of the process send too.
   */
  weightBudget?: { perMinute?: number; memory?: { mainnet?: SharedArrayBuffer; testnet?: SharedArrayBuffer }; maxWaitMs?: number };
  /**
   * Mid prices from the venue's WebSocket (`allMids`) instead of REST reads, default off; REST
   * serves while the socket is down. The URL defaults to the API URL's `/ws`.
   */
  marketSocket?: boolean | { url?: { mainnet?: string; testnet?: string }; WebSocket?: WebSocketConstructor; restartDelayMs?: number };
  /** Replaces the PoolTransport (tests). It is still wrapped for 429 backoff. */
  transportFactory?: (options: { isTestnet: boolean; apiUrl: string; timeoutMs: number }) => IRequestTransport;
  /** Test hooks for the backoff. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Everything bound to one network. */
interface NetworkContext {
  transport: IRequestTransport;
  /** The transport that does the I/O, closed with the client. */
  io: IRequestTransport;
  /** Reads at the client's own priority (readPriority). */
  info: InfoClient;
  /** Reads by lane: each priority's own metered transport over the same I/O. */
  infoBy: Record<ReadPriority, InfoClient>;
  meta: MetaCache;
  mids: MidsCache;
  feed: MidsFeed | undefined;
}

const address = (value: string) => value.trim().toLowerCase() as `0x${string}`;

/**
 * The Hyperliquid exchange client: reads (meta, mids, account snapshots, order status) for the
 * main account, and signed actions (orders, leverage) by the API wallet, on mainnet or testnet
 * per user. Every write answers with an outcome; reads throw {@link HyperliquidReadError}.
 */
export class HyperliquidClient {
  readonly #endpoints: HyperliquidEndpoints;
  readonly #config: HyperliquidClientConfig;
  readonly #nonces: NonceManager;
  readonly #now: () => number;
  readonly #networks = new Map<boolean, NetworkContext>();
  readonly #modes = new Map<string, { mode: AccountMode | 'infer'; at: number }>();
  /** Key checks' answers worth remembering, by network, account and API wallet (see verifyAgentKey). */
  readonly #keyChecks = new LRUCache<string, { check: AgentKeyCheck; at: number; until: number }>({ max: 10_000 });
  /** Each API wallet key's signing account, derived once (see createWalletCache). */
  readonly #wallets = createWalletCache();
  /** Each network's weight meter (a venue and its budget per network). */
  readonly #meters: { mainnet: WeightMeter; testnet: WeightMeter };

  constructor(config: HyperliquidClientConfig = {}) {
    this.#config = config;
    this.#endpoints = resolveEndpoints(config);
    this.#now = config.now ?? Date.now;
    this.#nonces = config.nonces ?? new NonceManager(this.#now);
    const budget = config.weightBudget ?? {};
    const meter = (memory: SharedArrayBuffer | undefined) =>
      new WeightMeter({
        budgetPerMinute: budget.perMinute ?? 1_200,
        now: this.#now,
        ...(memory !== undefined ? { memory } : {}),
        ...(budget.maxWaitMs !== undefined ? { maxWaitMs: budget.maxWaitMs } : {}),
      });
    this.#meters = { mainnet: meter(budget.memory?.mainnet), testnet: meter(budget.memory?.testnet) };
  }

  /** The weight budget's use on a network, as this process counts it. */
  budget(isTestnet: boolean): WeightMeterStats {
    return (isTestnet ? this.#meters.testnet : this.#meters.mainnet).stats();
  }

  /** The mid-price socket's state on a network, or undefined when it has not been opened. */
  marketFeed(isTestnet: boolean): MidsFeedStats | undefined {
    return this.#networks.get(isTestnet)?.feed?.stats();
  }

  /** Closes the mid-price sockets and the connections to the venue. */
  async close(): Promise<void> {
    const networks = [...this.#networks.values()];
    this.#networks.clear();
    await Promise.all(
      networks.map(async ({ feed, io }) => {
        await feed?.close();
        await (io as { close?: () => Promise<void> }).close?.();
      }),
    );
  }

  #feedFor(isTestnet: boolean, apiUrl: string): MidsFeed | undefined {
    const option = this.#config.marketSocket;
    if (option === undefined || option === false) return undefined;
    const settings = option === true ? {} : option;
    const url = (isTestnet ? settings.url?.testnet : settings.url?.mainnet) ?? webSocketUrlFor(apiUrl);
    return new MidsFeed({
      url,
      isTestnet,
      ...(settings.WebSocket !== undefined ? { WebSocket: settings.WebSocket } : {}),
      ...(settings.restartDelayMs !== undefined ? { restartDelayMs: settings.restartDelayMs } : {}),
    });
  }

  /** The base URL used for a network. */
  apiUrl(isTestnet: boolean): string {
    return apiUrlFor(this.#endpoints, isTestnet);
  }

  #network(isTestnet: boolean): NetworkContext {
    let context = this.#networks.get(isTestnet);
    if (context === undefined) {
      const apiUrl = this.apiUrl(isTestnet);
      const timeoutMs = this.#config.timeoutMs ?? 10_000;
      const io = this.#config.transportFactory?.({ isTestnet, apiUrl, timeoutMs }) ?? new PoolTransport({ isTestnet, apiUrl, timeoutMs });
      const meter = isTestnet ? this.#meters.testnet : this.#meters.mainnet;
      const retrying = (inner: IRequestTransport) =>
        new RetryingTransport(inner, {
          ...(this.#config.backoff ? { policy: this.#config.backoff } : {}),
          ...(this.#config.sleep ? { sleep: this.#config.sleep } : {}),
          ...(this.#config.random ? { random: this.#config.random } : {}),
        });
      const own = this.#config.readPriority ?? 'orderRead';
      const transport = retrying(new MeteredTransport(io, meter, own));
      const info = new InfoClient({ transport });
      const lane = (priority: ReadPriority) => (priority === own ? info : new InfoClient({ transport: retrying(new MeteredTransport(io, meter, priority)) }));
      const infoBy: Record<ReadPriority, InfoClient> = { orderRead: lane('orderRead'), interactive: lane('interactive'), deferrable: lane('deferrable') };
      const meta = new MetaCache(() => info.meta(), { ...(this.#config.metaTtlMs !== undefined ? { ttlMs: this.#config.metaTtlMs } : {}), now: this.#now });
      const mids = new MidsCache(async () => midPrices(await read('mid prices', () => info.allMids())), {
        ...(this.#config.midsMaxAgeMs !== undefined ? { maxAgeMs: this.#config.midsMaxAgeMs } : {}),
        now: this.#now,
      });
      context = { transport, io, info, infoBy, meta, mids, feed: this.#feedFor(isTestnet, apiUrl) };
      this.#networks.set(isTestnet, context);
    }
    return context;
  }

  /** The perp asset named `coin` (exact spelling), or undefined when not listed. */
  async getAsset(isTestnet: boolean, coin: string): Promise<PerpAsset | undefined> {
    return read('the market list', () => this.#network(isTestnet).meta.asset(coin));
  }

  /** Every listed perp asset (the shared `meta` cache): the universe a paper venue trades. */
  async getAssets(isTestnet: boolean): Promise<PerpAsset[]> {
    return read('the market list', async () => [...(await this.#network(isTestnet).meta.assets()).values()]);
  }

  /** Mid prices by coin (perps and spot pairs as the venue lists them), at most `midsMaxAgeMs` old. */
  async getMids(isTestnet: boolean): Promise<Record<string, number>> {
    const { feed, mids } = this.#network(isTestnet);
    feed?.start();
    return feed?.current() ?? mids.mids();
  }

  /**
   * Every perp's funding as the venue states it now (`metaAndAssetCtxs`, weight 20), by coin: the
   * hourly rate, the oracle price a payment is reckoned at, and the mark. Not cached: the rate
   * moves all the time, and its callers read it once an hour. Read failures, and an answer of
   * another shape, throw HyperliquidReadError.
   */
  async getFundingRates(isTestnet: boolean, lane: ReadLane = {}): Promise<Record<string, FundingRate>> {
    const info = this.#info(isTestnet, lane);
    const answer = await read('the funding rates', () => info.metaAndAssetCtxs());
    try {
      return toFundingRates(answer);
    } catch {
      throw new HyperliquidReadError(
        'the funding rates',
        transientError({ reason: 'unreadableResponse', message: 'the answer is not the market list with its asset contexts', stage: 'venue' }),
      );
    }
  }

  /**
   * The fills of the main account since `sinceMs` (userFillsByTime), with the venue's trade ids so
   * recorded fills stay deduplicable: one read covers every order of that time. Read failures
   * throw HyperliquidReadError.
   */
  async getUserFills(user: AccountRef, sinceMs: number, lane: ReadLane = {}): Promise<UserFillsByTimeResponse> {
    const info = this.#info(user.isTestnet, lane);
    return read('the fills', () => info.userFillsByTime({ user: address(user.accountAddress), startTime: Math.max(0, Math.floor(sinceMs)) }, lane.signal));
  }

  /** The fills of one order of the main account since `sinceMs` (see getUserFills). */
  async getOrderFills(user: AccountRef, oid: number, sinceMs: number): Promise<UserFillsByTimeResponse> {
    return (await this.getUserFills(user, sinceMs)).filter((fill) => fill.oid === oid);
  }

  /** Positions and balance of the main account, with the account mode used to read the balance. */
  async getAccountSnapshot(user: AccountRef, lane: ReadLane = {}): Promise<AccountSnapshot> {
    const info = this.#info(user.isTestnet, lane);
    const who = address(user.accountAddress);
    const [state, spot] = await Promise.all([
      read('the account state', () => info.clearinghouseState({ user: who }, lane.signal)),
      read('the spot balances', () => info.spotClearinghouseState({ user: who }, lane.signal)),
    ]);
    const mode = await this.#accountMode(user, state, spot, info);
    return toAccountSnapshot(state, spot, mode);
  }

  /** The info client of a network's lane. */
  #info(isTestnet: boolean, lane: ReadLane): InfoClient {
    const network = this.#network(isTestnet);
    return lane.priority === undefined ? network.info : network.infoBy[lane.priority];
  }

  /**
   * The account mode of a snapshot: the one already known (recorded at the key save), else the
   * venue's (see accountMode), else the heuristic of {@link inferModeFromStates}.
   */
  async #accountMode(
    user: AccountRef,
    state: ClearinghouseStateResponse,
    spot: Parameters<typeof inferModeFromStates>[1],
    info: InfoClient,
  ): Promise<AccountMode> {
    if (user.mode !== undefined) return user.mode;
    return (await this.#venueAccountMode(user, info)) ?? inferModeFromStates(state, spot);
  }

  /**
   * The account mode as the venue states it (`userAbstraction`, weight 20), remembered for
   * accountModeTtlMs; undefined when the venue does not say (then the caller infers it from the
   * clearinghouse states). The key save reads it once and records it, so orders need not.
   */
  async accountMode(user: AccountRef): Promise<AccountMode | undefined> {
    return this.#venueAccountMode(user, this.#network(user.isTestnet).info);
  }

  /**
   * `userAbstraction`, remembered for a while. A venue that refuses the request outright (4xx: it
   * does not know it) is remembered for the whole network, so snapshots do not pay a failing
   * request each time; a transient failure is not remembered.
   */
  async #venueAccountMode(user: AccountRef, info: InfoClient): Promise<AccountMode | undefined> {
    const key = `${user.isTestnet}:${address(user.accountAddress)}`;
    // A venue that refused the request type refuses it for every account: ask none of them (weight 20 each).
    const venueKey = `${user.isTestnet}:*`;
    const ttlMs = this.#config.accountModeTtlMs ?? 10 * 60_000;
    const cached = [this.#modes.get(key), this.#modes.get(venueKey)].find((entry) => entry !== undefined && isFresh(entry.at, this.#now(), ttlMs));
    if (cached !== undefined) return cached.mode === 'infer' ? undefined : cached.mode;
    try {
      const mode = modeFromAbstraction(await info.userAbstraction({ user: address(user.accountAddress) }));
      this.#modes.set(key, { mode: mode ?? 'infer', at: this.#now() });
      return mode;
    } catch (error) {
      const outcome = await outcomeFromError(error, 'info').catch(() => undefined);
      if (outcome?.kind === 'rejected') this.#modes.set(venueKey, { mode: 'infer', at: this.#now() });
      return undefined;
    }
  }

  /**
   * The account's per-address action budget (userRateLimit, weight 20): requests used against its
   * cap of 10,000 plus one per USDC traded. Read rarely; the venue refuses actions beyond it.
   */
  async getActionBudget(user: AccountRef, lane: ReadLane = {}): Promise<ActionBudget> {
    const info = this.#info(user.isTestnet, lane);
    const answer = await read('the action budget', () => info.userRateLimit({ user: address(user.accountAddress) }));
    return { used: answer.nRequestsUsed, cap: answer.nRequestsCap, cumulativeVolume: Number(answer.cumVlm) };
  }

  /**
   * The sub-accounts of a master (`subAccounts`, weight 20), oldest first; [] when it has none.
   * Read failures, and an answer of another shape, throw HyperliquidReadError.
   */
  async getSubAccounts(master: string, isTestnet: boolean, lane: ReadLane = {}): Promise<SubAccount[]> {
    const info = this.#info(isTestnet, lane);
    const answer = await read('the sub-accounts', () => info.subAccounts({ user: address(master) }));
    try {
      return toSubAccounts(answer);
    } catch {
      throw new HyperliquidReadError(
        'the sub-accounts',
        transientError({ reason: 'unreadableResponse', message: 'the answer is not a list of sub-accounts', stage: 'venue' }),
      );
    }
  }

  /**
   * The funding payments of an account (main or sub-account) from `startTime` to `endTime` (ms,
   * both included), oldest first (`userFunding`, weight 20 plus 1 per 20 items). Always in the
   * deferrable lane, the lowest priority of the weight budget: nothing waits for them, and orders,
   * the reads they need and the people in the app go first. Read failures, and an answer of another
   * shape, throw HyperliquidReadError. Paging: see readFundingPages.
   */
  async userFunding(user: string, startTime: number, endTime: number | undefined, isTestnet: boolean, maxPages = 10): Promise<UserFunding[]> {
    const info = this.#info(isTestnet, { priority: 'deferrable' });
    const who = address(user);
    return readFundingPages(
      async (from) => {
        const answer = await read('the funding payments', () =>
          info.userFunding({ user: who, startTime: from, ...(endTime !== undefined ? { endTime: Math.floor(endTime) } : {}) }),
        );
        try {
          return toUserFunding(answer);
        } catch {
          throw new HyperliquidReadError(
            'the funding payments',
            transientError({ reason: 'unreadableResponse', message: 'the answer is not a list of funding payments', stage: 'venue' }),
          );
        }
      },
      Math.max(0, Math.floor(startTime)),
      maxPages,
    );
  }

  /** The account's leverage setting for a coin, or null when the venue reports none. */
  async getLeverage(user: AccountRef, coin: string): Promise<LeverageSetting | null> {
    const { info } = this.#network(user.isTestnet);
    const who = address(user.accountAddress);
    try {
      const data = await info.activeAssetData({ user: who, coin });
      return { type: data.leverage.type, value: data.leverage.value };
    } catch {
      // Fallback for venues without activeAssetData: an open position carries its leverage.
      const state = await read('the account state', () => info.clearinghouseState({ user: who }));
      const position = state.assetPositions.find((entry) => entry.position.coin === coin);
      return position === undefined ? null : { type: position.position.leverage.type, value: position.position.leverage.value };
    }
  }

  #leverageIo(signer: SignerRef, exchange: ExchangeClient): LeverageIo {
    return {
      readCurrent: (asset) => this.getLeverage(signer, asset.coin),
      update: async (asset, isCross, leverage) => {
        try {
          return outcomeFromResponse(await exchange.updateLeverage({ asset: asset.assetId, isCross, leverage }));
        } catch (error) {
          return outcomeFromError(error, 'exchange');
        }
      },
    };
  }

  /**
   * The signing client for an API wallet, or a `rejected` outcome when its stored key is not a
   * key at all (the message never contains the key).
   */
  #exchange(signer: SignerRef, sendAfter?: PromiseLike<unknown>): ExchangeClient | FailedOutcome {
    const { transport } = this.#network(signer.isTestnet);
    try {
      return createExchangeClient({
        transport: sendAfter === undefined ? transport : new GatedTransport(transport, sendAfter),
        wallet: this.#wallets.of(signer.agentPrivateKey),
        nonces: this.#nonces,
        vaultAddress: signer.vaultAddress === undefined ? undefined : address(signer.vaultAddress),
      });
    } catch (error) {
      if (!(error instanceof InvalidPrivateKeyError)) throw error;
      return rejected({ reason: 'signer', message: error.message, hint: 'Save the API wallet key again.', stage: 'client' });
    }
  }

  /**
   * Sets the account's leverage and margin mode for a coin when they differ from `leverage` and
   * `mode` (see ensureLeverage), as a step of its own before an opening order. Returns the step
   * taken and, when it failed, why.
   */
  async ensureLeverage(signer: SignerRef, coin: string, leverage: number, mode: MarginMode): Promise<{ step: LeverageStep; outcome: ExchangeOutcome }> {
    const failed = (outcome: ExchangeOutcome) => ({ step: { action: 'failed' as const, from: null, to: leverage }, outcome });
    const found = await assetForAction(this.#network(signer.isTestnet).meta, coin);
    if (!found.ok) return failed(found.outcome);
    const exchange = this.#exchange(signer);
    if (!(exchange instanceof ExchangeClient)) return failed(exchange);
    const { step, failure } = await ensureLeverage(this.#leverageIo(signer, exchange), found.asset, leverage, mode);
    return { step, outcome: failure ?? { kind: 'ok' } };
  }

  /**
   * Places an order exactly as planned (prices and sizes already valid; checked, not changed).
   * It never changes leverage: align that first with ensureLeverage. The answer is an outcome,
   * never a throw.
   *
   * With `sendAfter`, the order is built and signed at once but nothing goes on the wire before
   * `sendAfter` resolves; if it rejects, nothing is sent and the outcome is that error as a
   * client-side refusal. The executor passes its durable OrderSubmitted append, so the signing
   * happens while the append is written instead of after it.
   */
  async placeOrder(signer: SignerRef, order: OrderToPlace, options: { readonly sendAfter?: PromiseLike<unknown> } = {}): Promise<PlaceOrderResult> {
    const exchange = this.#exchange(signer, options.sendAfter);
    if (!(exchange instanceof ExchangeClient)) return { cloid: order.cloid, outcome: exchange };
    return placeOrder(this.#orderIo(exchange, signer.isTestnet), order);
  }

  /**
   * Places a ladder's limit orders (issue 41) in one signed action, each with its own cloid, as
   * planned (checked, not changed); `sendAfter` as for placeOrder. The answer is the ladder as one
   * outcome plus each order's status, never a throw.
   */
  async placeLadder(
    signer: SignerRef,
    orders: readonly OrderToPlace[],
    options: { readonly sendAfter?: PromiseLike<unknown> } = {},
  ): Promise<PlaceLadderResult> {
    const exchange = this.#exchange(signer, options.sendAfter);
    if (!(exchange instanceof ExchangeClient)) return { cloid: orders[0]?.cloid ?? '', outcome: exchange, legs: [] };
    return placeLadder(this.#orderIo(exchange, signer.isTestnet), orders);
  }

  /** The I/O of an `order` action signed by `exchange`: entries and standalone triggers alike. */
  #orderIo(exchange: ExchangeClient, isTestnet: boolean): PlaceOrderIo {
    const { meta } = this.#network(isTestnet);
    return {
      asset: (coin) => assetForAction(meta, coin),
      sendOrder: (params, expiresAfter) => exchange.order(params, expiresAfter === undefined ? {} : { expiresAfter }),
      now: this.#now,
      orderExpiryMs: this.#config.orderExpiryMs === undefined ? 60_000 : this.#config.orderExpiryMs,
    };
  }

  /**
   * Places 1..N standalone reduce-only trigger orders (stop-loss, take-profit) in one signed
   * action, each with its own cloid, to protect a position already open (issue 39.3). Prices and
   * sizes are checked, not changed. With `positionTpsl`, a size of "0" covers the whole position
   * as it grows and shrinks. The answer is an outcome for the action plus one status per order,
   * never a throw.
   */
  async placeTriggerOrders(signer: SignerRef, orders: readonly TriggerOrderToPlace[], grouping: TriggerGrouping = 'na'): Promise<PlaceTriggerOrdersResult> {
    const exchange = this.#exchange(signer);
    if (!(exchange instanceof ExchangeClient)) return { outcome: exchange, orders: [] };
    return placeTriggerOrders(this.#orderIo(exchange, signer.isTestnet), orders, grouping);
  }

  /**
   * Cancels orders by oid in one signed action. An order the venue no longer holds live (never
   * placed, already cancelled, filled) comes back `gone`, so cancelling twice is safe.
   */
  async cancelOrders(signer: SignerRef, cancels: readonly CancelByOid[]): Promise<CancelOrdersResult<CancelByOid>> {
    const io = this.#cancelIo(signer);
    return 'outcome' in io ? io : cancelOrders(io, cancels);
  }

  /** Cancels orders by cloid in one signed action; `gone` as for {@link cancelOrders}. */
  async cancelByCloid(signer: SignerRef, cancels: readonly CancelByCloid[]): Promise<CancelOrdersResult<CancelByCloid>> {
    const io = this.#cancelIo(signer);
    return 'outcome' in io ? io : cancelByCloid(io, cancels);
  }

  /**
   * Modifies resting limit orders in one signed `batchModify` action: the venue cancels each and
   * places its new order with a new oid, post-only (see OrderModification). Prices and sizes are
   * checked, not changed. The answer is an outcome for the action plus one status per modify,
   * never a throw.
   */
  async modifyOrders(signer: SignerRef, modifies: readonly OrderModification[]): Promise<ModifyOrdersResult> {
    const exchange = this.#exchange(signer);
    if (!(exchange instanceof ExchangeClient)) return { outcome: exchange, modifies: [] };
    const { asset, now, orderExpiryMs } = this.#orderIo(exchange, signer.isTestnet);
    return modifyOrders(
      {
        asset,
        now,
        orderExpiryMs,
        sendBatchModify: (wire, expiresAfter) => exchange.batchModify({ modifies: wire }, expiresAfter === undefined ? {} : { expiresAfter }),
      },
      modifies,
    );
  }

  #cancelIo(signer: SignerRef): CancelOrdersIo | { outcome: FailedOutcome; cancels: [] } {
    const exchange = this.#exchange(signer);
    if (!(exchange instanceof ExchangeClient)) return { outcome: exchange, cancels: [] };
    const { meta } = this.#network(signer.isTestnet);
    return {
      asset: (coin) => assetForAction(meta, coin),
      sendCancel: (cancels) => exchange.cancel({ cancels }),
      sendCancelByCloid: (cancels) => exchange.cancelByCloid({ cancels }),
    };
  }

  /**
   * The account's open orders (`frontendOpenOrders`, weight 20), triggers with their trigger
   * price and TP/SL kind, newest first as the venue lists them. Read failures, and an answer of
   * another shape, throw HyperliquidReadError.
   */
  async getOpenOrders(user: AccountRef, lane: ReadLane = {}): Promise<OpenOrder[]> {
    const info = this.#info(user.isTestnet, lane);
    const answer = await read('the open orders', () => info.frontendOpenOrders({ user: address(user.accountAddress) }));
    try {
      return toOpenOrders(answer);
    } catch {
      throw new HyperliquidReadError(
        'the open orders',
        transientError({ reason: 'unreadableResponse', message: 'the answer is not a list of open orders', stage: 'venue' }),
      );
    }
  }

  /**
   * Asks the venue what became of the order with this cloid. Call it after an `uncertain`
   * outcome before sending again; pass the result's `expiresAfter` to learn when "not found"
   * is final (judged at `now`, default the client's clock).
   */
  async reconcileByCloid(user: AccountRef, cloid: string, options: { expiresAfter?: number; now?: number } = {}): Promise<ReconcileResult> {
    const { info } = this.#network(user.isTestnet);
    try {
      const answer = await info.orderStatus({ user: address(user.accountAddress), oid: cloid.toLowerCase() as `0x${string}` });
      // `now`: the caller's clock for this order's expiry, when the wall clock may have jumped since it was signed.
      return reconcileFromOrderStatus(answer, options.expiresAfter, options.now ?? this.#now());
    } catch (error) {
      const outcome = await outcomeFromError(error, 'info');
      return {
        kind: 'unavailable',
        outcome:
          outcome.kind === 'rejected' || outcome.kind === 'transientError' || outcome.kind === 'uncertain'
            ? outcome
            : rejected({ reason: 'unreadableResponse', message: 'unexpected answer', stage: 'venue' }),
      };
    }
  }

  /**
   * Checks an API wallet key before it is saved (see verifyAgentKey), at the client's read
   * priority. An answer that cannot change by itself soon (approved, or a main account's, a
   * vault's or a sub-account's address) is remembered for the account: saving the same key again
   * (a page reloaded, a form sent twice) asks the venue nothing. "Not approved" and "approved for
   * another account" are not remembered: the trader is fixing that on Hyperliquid right now.
   */
  async verifyAgentKey(input: VerifyAgentKeyInput, options: AgentCheckOptions = {}): Promise<AgentKeyCheck> {
    const local = checkKeyLocally(input);
    if ('ok' in local) return local;
    const key = `${local.isTestnet}:${local.account}:${local.apiWallet}`;
    const remembered = this.#keyChecks.get(key);
    if (remembered !== undefined && isFresh(remembered.at, this.#now(), remembered.until - remembered.at)) return remembered.check;
    const { info } = this.#network(input.isTestnet);
    const check = await checkAgentAtVenue(
      local,
      {
        extraAgents: (master) => read('the named API wallets', () => info.extraAgents({ user: master })),
        userRole: (who) => read('the API wallet', () => info.userRole({ user: who })),
        now: this.#now,
      },
      options,
    );
    this.#rememberCheck(key, check);
    return check;
  }

  /**
   * Confirms, in the background, the approval of a wallet a save left unconfirmed
   * (`deferUnnamed`): `userRole` (60 weight) at the deferrable priority, so a burst of saves
   * never takes room from orders or from what people wait for.
   */
  async confirmAgentKey(wallet: { readonly apiWalletAddress: string; readonly accountAddress: string; readonly isTestnet: boolean }): Promise<AgentKeyCheck> {
    const local = {
      apiWallet: wallet.apiWalletAddress.toLowerCase() as `0x${string}`,
      account: wallet.accountAddress.toLowerCase() as `0x${string}`,
      isTestnet: wallet.isTestnet,
    };
    const info = this.#network(wallet.isTestnet).infoBy.deferrable;
    const check = await confirmUnnamedAgent(local, { userRole: (who) => read('the API wallet', () => info.userRole({ user: who })) });
    this.#rememberCheck(`${local.isTestnet}:${local.account}:${local.apiWallet}`, check);
    return check;
  }

  #rememberCheck(key: string, check: AgentKeyCheck): void {
    const at = this.#now();
    const until = rememberCheckUntil(check, at, this.#config.keyCheckTtlMs ?? 10 * 60_000);
    if (until === undefined) this.#keyChecks.delete(key);
    else this.#keyChecks.set(key, { check, at, until });
  }
}
