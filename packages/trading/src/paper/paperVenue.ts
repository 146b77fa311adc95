/**
 * The paper venue (issue 30, point 1): paper accounts traded in process by the venue engine the
 * simulator serves (@hyperhook/venue-engine: its order placement, clearinghouse and ledger), not a
 * second copy of it, at the real venue's mid prices handed in by the caller (the shared market
 * feed). Orders come in and outcomes go out in the client's terms (@hyperhook/hyperliquid), so a
 * paper order reads like a real one. It holds no history of its own: an account is restored from its recorded fills, so the
 * event log stays the truth and a restart loses nothing that was recorded.
 *
 * Orders rest as on the venue (issue 41, point 3): a GTC or ALO limit (an ALO that would cross is
 * refused in the venue's words), a resting entry's grouped TP/SL children placed iff it fully
 * fills, and a position's own stop-loss / take-profit (protect): reduce-only triggers sized to the
 * whole position, which the engine resizes or cancels as the position changes. The engine fills
 * and fires them when the marks move (setMids: its onMarkChange), at the mark. The orders live on
 * an account are listed with the alert that placed each (openOrders), for the log to keep, and
 * placed again on restore, so nothing lives in this process's memory only.
 * What the venue does to a position by itself is the engine's too: hourly funding (payFunding,
 * booked again on restore) and liquidation below the maintenance margin at the mark (liquidate,
 * and on every mark move).
 */
import type { ClearinghouseStateResponse, SpotClearinghouseStateResponse, UserFillsByTimeResponse } from '@nktkas/hyperliquid/api/info';
import {
  buildWireOrder,
  outcomeFromResponse,
  rejected,
  toAccountSnapshot,
  type AccountSnapshot,
  type ExchangeOutcome,
  type OrderToPlace,
  type PerpAsset,
} from '@hyperhook/hyperliquid';
import { decimalText, type PaperOpenOrder } from '@hyperhook/domain';
import {
  applyFill,
  bookFunding,
  cancelByOid,
  clearinghouseStateView,
  fillView,
  liquidateAccount,
  onMarkChange,
  type OrderAction,
  payFunding,
  placeOrderAction,
  preValidateOrderAction,
  type SimAccount,
  type SimFill,
  type SimFunding,
  type SimOrder,
  SimState,
  unlistedFilledOrder,
} from '@hyperhook/venue-engine';

/** A fill as the log keeps it: enough to book it again, the same way, on restore. */
export interface RecordedPaperFill {
  readonly coin: string;
  /** Decimal text, as the venue writes it. */
  readonly px: string;
  readonly sz: string;
  /** `B` buy, `A` sell. */
  readonly side: 'B' | 'A';
  /** When it filled (ISO): what the position held at a funding hour is read from. */
  readonly time?: string;
  /** The alert whose order filled, and the fee paid: what the entry guards count (issue 42). */
  readonly signalId?: string;
  readonly fee?: string;
}

/**
 * What an account's recorded fills come to on the engine's books (PaperVenue.books): enough to
 * open the account again without booking each fill (PaperVenue.restoreBooks).
 */
export interface PaperBooks {
  /** The balance the account was opened with. */
  readonly balance: number;
  /** Cash after that balance and every fill: the engine's `rawUsd` before funding. */
  readonly rawUsd: number;
  readonly cumVlm: number;
  /** Open positions by coin: signed whole lots and entry price. */
  readonly positions: Readonly<Record<string, { readonly lots: number; readonly entryPx: number }>>;
  /** Traded volume by coin: notional and size. */
  readonly volumes: Readonly<Record<string, { readonly ntl: number; readonly base: number }>>;
  /** How many fills were booked: the order and trade ids a replay of them uses up. */
  readonly fills: number;
}

/** A funding payment as the log keeps it: what a restore books again. */
export interface RecordedPaperFunding {
  readonly coin: string;
  /** The funding hour it settled (ISO). */
  readonly hour: string;
  /** Decimal text: what the account received, negative when it paid. */
  readonly usdc: string;
}

/** One funding hour to settle for an account's position: the coin's rate and oracle price, and the size held at that hour. */
export interface PaperFundingSettlement {
  /** The funding hour, ms since the epoch. */
  readonly hour: number;
  readonly coin: string;
  /** The signed size the account held at the hour. */
  readonly szi: number;
  readonly fundingRate: number;
  readonly oraclePx: number;
}

/** A fill the paper venue booked (an order's, or a liquidation's), as the engine keeps it. */
export type PaperFill = SimFill;
/** A funding payment the paper venue settled, as the engine keeps it. */
export type PaperFunding = SimFunding;

/** What a paper order did: the venue's outcome, and the fills it booked (none when refused). */
export interface PaperOrderResult {
  readonly outcome: ExchangeOutcome;
  readonly fills: readonly SimFill[];
}

/** An order live on a paper account as the log keeps it: what a restore places again. */
export type RecordedPaperOrder = PaperOpenOrder;

/** The stop-loss / take-profit a position is to carry: trigger price and worst price once fired, in decimal text. */
export interface PaperProtection {
  readonly stopLoss?: { readonly triggerPx: string; readonly price: string };
  readonly takeProfit?: { readonly triggerPx: string; readonly price: string };
}

/** What protect did: the triggers placed, and those the venue refused with its words. */
export interface PaperProtectionResult {
  readonly placed: readonly ('sl' | 'tp')[];
  readonly refused: readonly { readonly kind: 'sl' | 'tp'; readonly message: string }[];
}

/** A fixed-size trigger a position is to carry (issue 41 §3): live's WantedTrigger with the cloid it is placed under. */
export interface PaperTrigger {
  readonly kind: 'sl' | 'tp';
  readonly triggerPx: string;
  /** Worst fill price once fired. */
  readonly price: string;
  readonly size: string;
  readonly isBuy: boolean;
  readonly cloid: string;
}

/** What became of one trigger placeTriggers placed: its oid, or the venue's refusal. */
export type PaperTriggerStatus = { readonly status: 'placed'; readonly oid: number } | { readonly status: 'rejected'; readonly message: string };

/** What became of one order a cancel named: cancelled, or refused with the venue's words. */
export type PaperCancelStatus = { readonly status: 'cancelled' } | { readonly status: 'rejected'; readonly message: string };

/** Inputs of {@link PaperVenue}. */
export interface PaperVenueOptions {
  /** The venue's universe, from its `meta` (asset ids are their index there). */
  readonly assets: readonly PerpAsset[];
  /** Mid prices by coin: the starting marks. */
  readonly mids: Readonly<Record<string, number>>;
  readonly now: () => number;
}

/** A paper account keeps its USDC in the perp clearinghouse (a standard account): its spot side is empty. */
const NO_SPOT = { balances: [] } as unknown as SpotClearinghouseStateResponse;

/** Leverage a paper account trades a coin at before it names one: the venue's default. */
const DEFAULT_LEVERAGE = 20;

/** Paper accounts, by id, on one shared universe and one set of marks. */
export class PaperVenue {
  readonly #state: SimState;
  readonly #assets: ReadonlyMap<string, PerpAsset>;
  /** Account ids as handed in, by the engine's (lower-case) address. */
  readonly #ids = new Map<string, string>();
  /** The alert that placed each order, by oid: whose fills its fills are. */
  readonly #signals = new Map<number, string>();
  /** When each resting entry with a deadline is cancelled (issue 41 §3), by oid: kept with the order in the log. */
  readonly #deadlines = new Map<number, string>();
  /** The balance each account was opened with, and the recorded fills booked on it since, by address: its books. */
  readonly #balances = new Map<string, number>();
  readonly #booked = new Map<string, number>();

  constructor(options: PaperVenueOptions) {
    const universe = [...options.assets].sort((a, b) => a.assetId - b.assetId);
    universe.forEach((asset, index) => {
      if (asset.assetId !== index) throw new Error(`Paper venue: the universe has no asset ${index} (${asset.coin} is ${asset.assetId}).`);
    });
    this.#assets = new Map(universe.map((asset) => [asset.coin, asset]));
    this.#state = new SimState({
      // A coin without a mid (delisted) keeps mark 1: nothing opens on it, and no position can exist.
      assets: universe.map((asset) => ({
        name: asset.coin,
        szDecimals: asset.szDecimals,
        maxLeverage: asset.maxLeverage,
        markPx: validMid(options.mids[asset.coin]) ?? 1,
        onlyIsolated: asset.isolatedOnly,
      })),
      seed: 1,
      now: options.now,
      // The venue takes an integer price whatever its significant figures (docs/research/hyperliquid-rules.md,
      // rule 1), and so does the live simulator: a BTC market buy above 100,000 is planned at such a price.
      strictIntegerSigFigs: false,
    });
  }

  /**
   * Moves the marks to the venue's mids: every price, P&L and margin number follows them, and what
   * a mark move does on the venue follows too (the engine's onMarkChange): resting limits the mark
   * crossed fill at their price as maker, stops and targets it reached fire, and a position the new
   * mark leaves below its maintenance margin is liquidated. Returns every fill this booked, by
   * account (signalOf names the alert whose order each one filled; a liquidation's has none).
   */
  setMids(mids: Readonly<Record<string, number>>): ReadonlyMap<string, readonly SimFill[]> {
    const booked = new Map([...this.#state.accounts.values()].map((account) => [account, account.fills.length]));
    for (const [coin, px] of Object.entries(mids)) {
      const mid = validMid(px);
      if (mid === undefined || !this.#assets.has(coin)) continue;
      this.#state.marks.set(coin, mid);
      onMarkChange(this.#state, coin);
    }
    const liquidated = new Map<string, readonly SimFill[]>();
    for (const [account, before] of booked) {
      if (account.fills.length > before) liquidated.set(this.#ids.get(account.address) ?? account.address, account.fills.slice(before));
    }
    return liquidated;
  }

  /**
   * Liquidates the account's positions that the current marks leave below their maintenance
   * margin (cross: the account value against the cross maintenance; isolated: each position's own
   * margin), as the engine does for the simulator on a mark move: closed at the mark, as takers,
   * labelled "Liquidated Cross Long" and so on. Returns the liquidation fills (none: nothing was due).
   */
  liquidate(accountId: string): readonly SimFill[] {
    return liquidateAccount(this.#state, this.#account(accountId));
  }

  /**
   * Settles one funding hour of the account's position in a coin (the engine's payFunding): size at
   * the hour × oracle price × rate moves its cash, longs paying a positive rate. Returns the
   * payment, or null when it held nothing in the coin at the hour.
   */
  payFunding(accountId: string, settlement: PaperFundingSettlement): SimFunding | null {
    if (!this.#assets.has(settlement.coin)) throw new Error(`Paper venue: ${settlement.coin} is not listed.`);
    return payFunding(this.#state, this.#account(accountId), {
      time: settlement.hour,
      coin: settlement.coin,
      szi: settlement.szi,
      fundingRate: settlement.fundingRate,
      oraclePx: settlement.oraclePx,
    });
  }

  /** Whether an account is open here. */
  has(accountId: string): boolean {
    return this.#state.account(accountId) !== undefined;
  }

  /**
   * Opens `accountId` with `balance` USDC and books its recorded fills again, oldest first, as
   * takers (every paper fill is one, a liquidation's too), and its recorded funding payments, so
   * positions, cash, fees, funding and closed P&L come out as they were. An account opened before
   * is replaced: this is also how a reset starts over.
   */
  restore(
    accountId: string,
    balance: number,
    fills: readonly RecordedPaperFill[],
    leverage: Readonly<Record<string, number>> = {},
    fundings: readonly RecordedPaperFunding[] = [],
    orders: readonly RecordedPaperOrder[] = [],
  ): void {
    const account = this.#open(accountId, balance, leverage);
    this.bookFills(accountId, fills);
    this.#settle(account, fundings, orders);
  }

  /**
   * Opens `accountId` as {@link restore} would from the fills `books` tallies (a ledger's
   * {@link books}), without booking them one by one: the same cash, positions and volume to the
   * last bit, and the next order and trade numbered as after a replay. What a paper account costs
   * to open then no longer grows with its history.
   */
  restoreBooks(
    accountId: string,
    books: PaperBooks,
    leverage: Readonly<Record<string, number>> = {},
    fundings: readonly RecordedPaperFunding[] = [],
    orders: readonly RecordedPaperOrder[] = [],
  ): void {
    const account = this.#open(accountId, books.balance, leverage);
    account.rawUsd = books.rawUsd;
    account.cumVlm = books.cumVlm;
    for (const [coin, position] of Object.entries(books.positions)) account.positions.set(this.#asset(coin).assetId, { ...position });
    for (const [coin, volume] of Object.entries(books.volumes)) {
      const had = this.#state.volumes.get(coin) ?? { ntl: 0, base: 0 };
      this.#state.volumes.set(coin, { ntl: had.ntl + volume.ntl, base: had.base + volume.base });
    }
    this.#state.skipIdsOfFills(books.fills);
    this.#booked.set(account.address, books.fills);
    this.#settle(account, fundings, orders);
  }

  /** Books recorded fills on an open account, oldest first, as {@link restore} does: a ledger keeps up with its log so. */
  bookFills(accountId: string, fills: readonly RecordedPaperFill[]): void {
    const account = this.#account(accountId);
    for (const fill of fills) {
      const asset = this.#asset(fill.coin);
      const lots = Math.round(Number(fill.sz) * 10 ** asset.szDecimals);
      const order = this.#bookingOrder(account, asset, fill.side === 'B', lots);
      applyFill(this.#state, account, order, Number(fill.px), lots, true, null);
      this.#booked.set(account.address, (this.#booked.get(account.address) ?? 0) + 1);
    }
  }

  /**
   * What the fills booked on an account come to (its balance, cash, positions and volume, and how
   * many): what {@link restoreBooks} opens it from. Meant for a ledger venue that only books fills:
   * funding and orders are not in it.
   */
  books(accountId: string): PaperBooks {
    const account = this.#account(accountId);
    const opened = this.#balances.get(account.address) ?? 0;
    const coinOf = (assetId: number) => this.#state.asset(assetId)?.name ?? String(assetId);
    return {
      balance: opened,
      rawUsd: account.rawUsd,
      cumVlm: account.cumVlm,
      positions: Object.fromEntries([...account.positions].map(([assetId, position]) => [coinOf(assetId), { ...position }])),
      volumes: Object.fromEntries([...this.#state.volumes].map(([coin, volume]) => [coin, { ...volume }])),
      fills: this.#booked.get(account.address) ?? 0,
    };
  }

  /** Seeds a fresh account (replacing one opened before) at its leverage. */
  #open(accountId: string, balance: number, leverage: Readonly<Record<string, number>>): SimAccount {
    for (const order of this.#state.liveOrders({ user: accountId.toLowerCase() })) this.#state.setStatus(order, 'canceled');
    this.#state.accounts.delete(accountId.toLowerCase());
    const account = this.#state.seedAccount({ address: accountId, usdc: balance });
    this.#ids.set(account.address, accountId);
    this.#balances.set(account.address, balance);
    this.#booked.set(account.address, 0);
    for (const [coin, value] of Object.entries(leverage)) this.setLeverage(accountId, coin, value);
    return account;
  }

  /** Books the funding payments and places the live orders of a restored account, after its fills. */
  #settle(account: SimAccount, fundings: readonly RecordedPaperFunding[], orders: readonly RecordedPaperOrder[]): void {
    for (const funding of fundings) bookFunding(account, Number(funding.usdc));
    for (const order of orders) this.#restoreOrder(account, order);
  }

  /** Sets the leverage the account trades `coin` at (cross), as `updateLeverage` does; refused above the coin's maximum. */
  setLeverage(accountId: string, coin: string, leverage: number): ExchangeOutcome {
    const asset = this.#assets.get(coin);
    if (asset === undefined) return rejected({ reason: 'invalidOrder', message: `${coin} is not listed on Hyperliquid.`, stage: 'venue' });
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > asset.maxLeverage) {
      return rejected({ reason: 'invalidOrder', message: `Invalid leverage value: ${coin} allows 1 to ${asset.maxLeverage}x.`, stage: 'venue' });
    }
    this.#account(accountId).leverage.set(asset.assetId, { type: asset.isolatedOnly ? 'isolated' : 'cross', value: leverage });
    return { kind: 'ok' };
  }

  /**
   * Places an order for the account at the current marks: the client's own checks (decimals, the
   * $10 minimum), then the venue's (reference band, reduce-only, margin, IOC), against the
   * simulator's synthetic book. Returns the outcome as a real order's would read, and the fills.
   */
  placeOrder(accountId: string, order: OrderToPlace, signalId?: string): PaperOrderResult {
    const asset = this.#assets.get(order.coin);
    if (asset === undefined)
      return { outcome: rejected({ reason: 'invalidOrder', message: `${order.coin} is not listed on Hyperliquid.`, stage: 'client' }), fills: [] };
    const built = buildWireOrder(order, asset);
    if (!built.ok) return { outcome: built.failure, fills: [] };
    const account = this.#account(accountId);
    if (!account.leverage.has(asset.assetId)) this.setLeverage(accountId, asset.coin, Math.min(DEFAULT_LEVERAGE, asset.maxLeverage));
    const action = { type: 'order', orders: built.value.params.orders, grouping: built.value.params.grouping ?? 'na' } as OrderAction;
    const refused = preValidateOrderAction(action);
    if (refused !== null) return { outcome: outcomeFromResponse({ status: 'err', response: refused }), fills: [] };
    const before = account.fills.length;
    const statuses = this.#placed(account, signalId, () => placeOrderAction(this.#state, account, action, this.#state.syntheticHash(this.#state.nextTid())));
    const outcome = outcomeFromResponse(
      { status: 'ok', response: { type: 'order', data: { statuses } } },
      { requestedSize: built.value.requestedSize, children: built.value.children },
    );
    return { outcome, fills: account.fills.slice(before) };
  }

  /**
   * Gives the account's position in `coin` the stop-loss and take-profit asked for, as the executor
   * protects a live position after an IOC entry: reduce-only market triggers on the mark for the
   * whole position (the venue's `positionTpsl` with size 0), which the engine resizes as the
   * position changes and cancels once it is closed or turned. A new one is placed before the one
   * of its kind it replaces is cancelled; one not asked for stays. `signalId` is the alert it is for.
   */
  protect(accountId: string, coin: string, wanted: PaperProtection, signalId?: string): PaperProtectionResult {
    const account = this.#account(accountId);
    const asset = this.#assets.get(coin);
    const lots = asset === undefined ? 0 : this.#state.positionLots(account, asset.assetId);
    const asked = (['sl', 'tp'] as const).flatMap((kind) => {
      const want = kind === 'sl' ? wanted.stopLoss : wanted.takeProfit;
      return want === undefined ? [] : [{ kind, ...want }];
    });
    if (asset === undefined || lots === 0 || asked.length === 0) return { placed: [], refused: [] };
    const isBuy = lots < 0;
    const placed: ('sl' | 'tp')[] = [];
    const refused: { kind: 'sl' | 'tp'; message: string }[] = [];
    for (const want of asked) {
      const old = this.#positionTriggers(account, asset.assetId).filter((order) => order.trigger?.tpsl === want.kind);
      const action = {
        type: 'order',
        orders: [
          { a: asset.assetId, b: isBuy, p: want.price, s: '0', r: true, t: { trigger: { isMarket: true, triggerPx: want.triggerPx, tpsl: want.kind } } },
        ],
        grouping: 'positionTpsl',
      } as OrderAction;
      const [status] = this.#placed(account, signalId, () => placeOrderAction(this.#state, account, action, this.#state.syntheticHash(this.#state.nextTid())));
      if (status !== undefined && typeof status === 'object' && 'error' in status) {
        refused.push({ kind: want.kind, message: status.error });
        continue;
      }
      placed.push(want.kind);
      cancelByOid(
        this.#state,
        account,
        old.map((order) => ({ a: order.asset, o: order.oid })),
        false,
      );
    }
    // The position's stop and target are one-cancels-other, whichever alert placed each.
    const triggers = this.#positionTriggers(account, asset.assetId);
    for (const order of triggers) order.siblingOids = triggers.filter((other) => other !== order).map((other) => other.oid);
    return { placed, refused };
  }

  /**
   * Places fixed-size reduce-only market triggers for the account's position in `coin` (issue 41 §3),
   * as live's protectPosition places them: each its own size (a stop for the position, each
   * take-profit its part), not linked, so one take-profit firing leaves the stop and the others; the
   * engine neither resizes them nor, once one fires, cancels the rest (the caller refits them).
   * Answers each in order: placed with its oid, or refused in the venue's words.
   */
  placeTriggers(accountId: string, coin: string, triggers: readonly PaperTrigger[], signalId?: string): PaperTriggerStatus[] {
    const account = this.#account(accountId);
    const asset = this.#assets.get(coin);
    if (asset === undefined) return triggers.map(() => ({ status: 'rejected', message: `${coin} is not listed on Hyperliquid.` }));
    return triggers.map((want) => {
      const action = {
        type: 'order',
        orders: [
          {
            a: asset.assetId,
            b: want.isBuy,
            p: want.price,
            s: want.size,
            r: true,
            t: { trigger: { isMarket: true, triggerPx: want.triggerPx, tpsl: want.kind } },
            c: want.cloid,
          },
        ],
        grouping: 'na',
      } as OrderAction;
      const [status] = this.#placed(account, signalId, () => placeOrderAction(this.#state, account, action, this.#state.syntheticHash(this.#state.nextTid())));
      if (status !== undefined && typeof status === 'object' && 'error' in status) return { status: 'rejected', message: status.error };
      const oid = status !== undefined && typeof status === 'object' && 'resting' in status ? status.resting.oid : undefined;
      return oid === undefined ? { status: 'rejected', message: 'The paper venue did not place the trigger.' } : { status: 'placed', oid };
    });
  }

  /**
   * Cancels the account's live orders by oid, as the venue's `cancel` does (the engine's
   * cancelByOid): a resting entry takes its grouped TP/SL still waiting for it along, whatever part
   * of it filled (issue 41 §3, a cancel alert on paper). Answers each oid in order: cancelled, or
   * refused in the venue's words (an order no longer live, filled or cancelled meanwhile).
   */
  cancel(accountId: string, oids: readonly number[]): PaperCancelStatus[] {
    const account = this.#account(accountId);
    const cancels = oids.map((oid) => ({ a: this.#state.orders.get(oid)?.asset ?? -1, o: oid }));
    return cancelByOid(this.#state, account, cancels, false).map((status) =>
      status === 'success' ? { status: 'cancelled' } : { status: 'rejected', message: status.error },
    );
  }

  /**
   * Gives the account's live orders named a deadline (issue 41 §3, `cancelAfterMinutes`): the time
   * the paper keeper cancels them at if they have not filled in full. Only noted here, with the
   * order in the log, so a restore keeps it; the venue itself never cancels by time.
   */
  cancelAt(accountId: string, oids: readonly number[], at: string): void {
    const live = new Set(this.openOrders(accountId).map((order) => order.oid));
    for (const oid of oids) if (live.has(oid)) this.#deadlines.set(oid, at);
  }

  /** The orders live on the account, oldest first, as the log keeps them: with the alert that placed each. */
  openOrders(accountId: string): RecordedPaperOrder[] {
    const account = this.#account(accountId);
    return this.#state.liveOrders({ user: account.address }).map((order) => this.#recorded(order));
  }

  /** The alert whose order a fill filled: none for a liquidation's, or an order placed without one. */
  signalOf(fill: SimFill): string | undefined {
    return this.#signals.get(fill.oid);
  }

  /** The account as `clearinghouseState` shows it, read the way a live account's snapshot is. */
  snapshot(accountId: string): AccountSnapshot {
    const state = clearinghouseStateView(this.#state, this.#account(accountId)) as unknown as ClearinghouseStateResponse;
    return toAccountSnapshot(state, NO_SPOT, 'standard');
  }

  #account(accountId: string): SimAccount {
    const account = this.#state.account(accountId);
    if (account === undefined) throw new Error(`Paper venue: account ${accountId} is not open; restore it from its fills first.`);
    return account;
  }

  /** Runs a placement and marks the orders it left live (and those it filled) as the alert's. */
  #placed<T>(account: SimAccount, signalId: string | undefined, place: () => T): T {
    const fillsBefore = account.fills.length;
    const live = new Set(this.#state.liveOrders({ user: account.address }).map((order) => order.oid));
    const result = place();
    if (signalId !== undefined) {
      for (const order of this.#state.liveOrders({ user: account.address })) if (!live.has(order.oid)) this.#signals.set(order.oid, signalId);
      for (const fill of account.fills.slice(fillsBefore)) if (!this.#signals.has(fill.oid)) this.#signals.set(fill.oid, signalId);
    }
    return result;
  }

  /** The live whole-position triggers of the account's position in an asset (protect's own). */
  #positionTriggers(account: SimAccount, assetId: number): SimOrder[] {
    return this.#state
      .liveOrders({ user: account.address, asset: assetId })
      .filter((order) => order.wholePosition && order.trigger !== null && !order.triggered);
  }

  #recorded(order: SimOrder): RecordedPaperOrder {
    const szDecimals = this.#asset(order.coin).szDecimals;
    const signalId = this.#signals.get(order.oid);
    const cancelAt = this.#deadlines.get(order.oid);
    const leverage = this.#state.account(order.user)?.leverage.get(order.asset)?.value;
    return {
      oid: order.oid,
      coin: order.coin,
      side: order.isBuy ? 'B' : 'A',
      limitPx: decimalText(order.limitPx),
      sz: decimalText(order.lots / 10 ** szDecimals),
      origSz: decimalText(order.origLots / 10 ** szDecimals),
      reduceOnly: order.reduceOnly,
      ...(order.tif === null ? {} : { tif: order.tif === 'FrontendMarket' ? 'Ioc' : order.tif }),
      ...(order.trigger === null ? {} : { trigger: { px: decimalText(order.trigger.px), isMarket: order.trigger.isMarket, tpsl: order.trigger.tpsl } }),
      ...(order.triggered ? { triggered: true } : {}),
      ...(order.wholePosition ? { wholePosition: true } : {}),
      ...(order.parentOid === null ? {} : { parentOid: order.parentOid }),
      ...(order.childOids.length > 0 ? { childOids: [...order.childOids] } : {}),
      ...(order.siblingOids.length > 0 ? { siblingOids: [...order.siblingOids] } : {}),
      ...(order.pendingParent ? { waitingForParent: true } : {}),
      ...(order.cloid === null ? {} : { cloid: order.cloid }),
      ...(leverage === undefined ? {} : { leverage }),
      placedAt: new Date(order.timestamp).toISOString(),
      ...(signalId === undefined ? {} : { signalId }),
      ...(cancelAt === undefined ? {} : { cancelAt }),
    };
  }

  /** Places a recorded order on the account again as it was: same oid, links and size, not matched now (the next mark move does). */
  #restoreOrder(account: SimAccount, recorded: RecordedPaperOrder): void {
    const asset = this.#asset(recorded.coin);
    const lots = (sz: string) => Math.round(Number(sz) * 10 ** asset.szDecimals);
    const placedAt = Date.parse(recorded.placedAt);
    this.#state.reserveOidsThrough(recorded.oid);
    // A coin no position shows the leverage of trades at the one its order was placed at.
    if (recorded.leverage !== undefined && !account.leverage.has(asset.assetId))
      account.leverage.set(asset.assetId, { type: asset.isolatedOnly ? 'isolated' : 'cross', value: recorded.leverage });
    this.#state.addOrder({
      oid: recorded.oid,
      user: account.address,
      asset: asset.assetId,
      coin: asset.coin,
      isBuy: recorded.side === 'B',
      limitPx: Number(recorded.limitPx),
      lots: lots(recorded.sz),
      origLots: lots(recorded.origSz),
      reduceOnly: recorded.reduceOnly,
      tif: recorded.tif ?? null,
      trigger: recorded.trigger === undefined ? null : { px: Number(recorded.trigger.px), isMarket: recorded.trigger.isMarket, tpsl: recorded.trigger.tpsl },
      triggered: recorded.triggered === true,
      isPositionTpsl: recorded.wholePosition === true,
      wholePosition: recorded.wholePosition === true,
      parentOid: recorded.parentOid ?? null,
      childOids: [...(recorded.childOids ?? [])],
      siblingOids: [...(recorded.siblingOids ?? [])],
      pendingParent: recorded.waitingForParent === true,
      cloid: recorded.cloid ?? null,
      timestamp: placedAt,
      status: 'open',
      statusTimestamp: placedAt,
    });
    if (recorded.signalId !== undefined) this.#signals.set(recorded.oid, recorded.signalId);
    if (recorded.cancelAt !== undefined) this.#deadlines.set(recorded.oid, recorded.cancelAt);
  }

  #asset(coin: string): PerpAsset {
    const asset = this.#assets.get(coin);
    if (asset === undefined) throw new Error(`Paper venue: a recorded fill names ${coin}, which the universe does not list.`);
    return asset;
  }

  /** The order a restored fill is booked against: never placed, only its side, asset and size matter. */
  #bookingOrder(account: SimAccount, asset: PerpAsset, isBuy: boolean, lots: number): SimOrder {
    return unlistedFilledOrder(this.#state, { user: account.address, asset: asset.assetId, coin: asset.coin, isBuy, limitPx: 0, lots, reduceOnly: false });
  }
}

/** A paper fill as the venue's `userFillsByTime` lists a fill: what the log records of a real one, in the same text. */
export function paperFillAsVenueFill(fill: SimFill): UserFillsByTimeResponse[number] {
  return fillView(fill) as unknown as UserFillsByTimeResponse[number];
}

function validMid(px: number | undefined): number | undefined {
  return px !== undefined && Number.isFinite(px) && px > 0 ? px : undefined;
}
