import { Dec } from '../exchange/decimal.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import type { ProtectiveOrder } from '../protection/protectionEvents.js';
import type { BreakEven } from '../protection/breakEven.js';
import type { TakeProfitTarget } from '../protection/takeProfits.js';
import type { TrailingStop } from '../protection/trailingStop.js';
import { MAIN_ACCOUNT } from '../eventModel/strategyIds.js';
import { own } from '../shared/records.js';
import { activityOf, entersBy, realisedBy, withEntry, withPnl, type ActivityByStrategy, type StrategyActivity } from './strategyActivity.js';

/**
 * One strategy's own position in one coin: the sum of its own fills (issue 39, point 1). Numbers
 * are decimal text, so a long run of fills leaves no binary-float dust behind.
 */
export interface StrategyHolding {
  /** Signed size in coins (negative = short); "0" once closed. */
  readonly szi: string;
  /** Average entry price of what is held; "0" when flat. */
  readonly entryPx: string;
  /** P&L realised by this strategy's reductions since its position in the coin opened, against its own entry. */
  readonly realizedPnl: string;
  /** When its current position opened; null when flat. */
  readonly openedAt: string | null;
  readonly updatedAt: string;
}

/**
 * Every strategy's own positions on the trader's venue account, and what the fills of recent
 * signals already counted. A signal's size reaches the ledger twice: at once from the order's
 * answer (the executor's own view) and later as the venue's fills; each signal counts with the
 * larger of the two, so neither order of arrival counts it twice.
 */
export interface LedgerState {
  /** coin → strategy id → holding. */
  readonly holdings: Readonly<Record<string, Readonly<Record<string, StrategyHolding>>>>;
  /**
   * venue account (`main`, or a sub-account's lower-case address) → coin → signed size of the
   * venue position that is no strategy's: held before hyperhook, traded in Hyperliquid's app, or
   * left by a drift the rule gave to no strategy (see driftRule.ts).
   */
  readonly outside: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** signal id → signed size counted so far for it, the most recent {@link RECENT_SIGNALS} signals. */
  readonly counted: Readonly<Record<string, string>>;
  /** signal id → signed size of the fills recorded for it, for the same signals. */
  readonly recorded: Readonly<Record<string, string>>;
  /** Signal ids in the order they were first counted: the oldest is forgotten first. */
  readonly recent: readonly string[];
  /** The venue's trade ids of the most recent {@link RECENT_FILLS} fills: a fill recorded twice counts once. */
  readonly tids: readonly number[];
  /** cloid → a strategy's order resting on the book, until its fills are recorded in full. */
  readonly resting: Readonly<Record<string, RestingOrder>>;
  /** coin → strategy id → its protection (issue 39, point 3): the prices it keeps to and the triggers live at the venue. */
  readonly protection: Readonly<Record<string, Readonly<Record<string, StrategyProtection>>>>;
  /** strategy id → its recent entries and realised P&L, what the entry guards count (issue 42). */
  readonly activity?: ActivityByStrategy;
}

/** A strategy's order resting on the book. */
export interface RestingOrder {
  readonly signalId: string;
  readonly strategyId: string;
  readonly coin: string;
  readonly size: string;
  readonly isBuy: boolean;
  /** Its limit price, when the event gave one. */
  readonly limitPx?: string;
}

/** A strategy's protection in a coin. */
export interface StrategyProtection {
  readonly stopLoss?: string;
  readonly takeProfit?: string;
  readonly takeProfits?: readonly TakeProfitTarget[];
  readonly breakEven?: BreakEven;
  readonly trailingStop?: TrailingStop;
  readonly live: readonly ProtectiveOrder[];
  /** When the stop last moved to another price (break-even, trail, update), for the trader to see. */
  readonly stopMovedAt?: string;
}

/** How many trade ids the ledger remembers to recognise a fill recorded again (the fill recorder is at-least-once). */
export const RECENT_FILLS = 2000;

/**
 * How many signals the ledger remembers what it counted for. Fills are recorded within seconds of
 * an order (the fill recorder gives up after 20 reads), so a signal is long settled by the time
 * this many later ones of the same trader have come.
 */
export const RECENT_SIGNALS = 500;

/** The empty ledger of a trader with no fills. */
export const EMPTY_LEDGER: LedgerState = Object.freeze({
  holdings: {},
  outside: {},
  counted: {},
  recorded: {},
  recent: [],
  tids: [],
  resting: {},
  protection: {},
  activity: {},
});

const FLAT: Omit<StrategyHolding, 'updatedAt'> = { szi: '0', entryPx: '0', realizedPnl: '0', openedAt: null };

/** A strategy's holding in a coin, flat when it has none. */
export function holdingOf(state: LedgerState, strategyId: string, coin: string): StrategyHolding {
  return own(own(state.holdings, coin) ?? {}, strategyId) ?? { ...FLAT, updatedAt: '' };
}

/** Signed sizes of every strategy holding something in `coin`. */
export function holdersOf(state: LedgerState, coin: string): Record<string, string> {
  const inCoin = own(state.holdings, coin) ?? {};
  return Object.fromEntries(
    Object.entries(inCoin)
      .filter(([, h]) => !new Dec(h.szi).isZero())
      .map(([id, h]) => [id, h.szi]),
  );
}

/** The outside part in `coin` on a venue account (default the main one), "0" when none. */
export function outsideOf(state: LedgerState, coin: string, account: string = MAIN_ACCOUNT): string {
  return own(own(state.outside, account) ?? {}, coin) ?? '0';
}

/** Sum of every strategy's signed size in `coin`. */
export function strategiesTotal(state: LedgerState, coin: string): string {
  const inCoin = own(state.holdings, coin) ?? {};
  return toWireDecimal(
    Object.values(inCoin)
      .reduce((sum, h) => sum.plus(h.szi), new Dec(0))
      .toFixed(),
  );
}

/**
 * A trade of `delta` coins (signed) at `px` on a holding: adding moves the average entry, reducing
 * realises P&L against the strategy's own entry, crossing zero closes and opens at `px`.
 */
export function tradeHolding(current: StrategyHolding, delta: string, px: string, at: string): StrategyHolding {
  const before = new Dec(current.szi);
  const change = new Dec(delta);
  if (change.isZero()) return current;
  const after = before.plus(change);
  const price = new Dec(px);
  const text = (d: InstanceType<typeof Dec>) => toWireDecimal(d.toFixed());
  if (before.isZero() || before.isPositive() === change.isPositive()) {
    const entry = before.abs().mul(current.entryPx).plus(change.abs().mul(price)).div(after.abs());
    return {
      szi: text(after),
      entryPx: text(entry.toDecimalPlaces(12)),
      realizedPnl: before.isZero() ? '0' : current.realizedPnl,
      openedAt: before.isZero() ? at : current.openedAt,
      updatedAt: at,
    };
  }
  const pnl = realisedBy(current, delta, px);
  const realized = new Dec(current.realizedPnl).plus(pnl).toDecimalPlaces(12);
  if (after.isZero()) return { szi: '0', entryPx: '0', realizedPnl: text(realized), openedAt: null, updatedAt: at };
  if (after.isPositive() === before.isPositive()) return { ...current, szi: text(after), realizedPnl: text(realized), updatedAt: at };
  // Crossed zero: the old position is closed, the rest opens a new one at this price.
  return { szi: text(after), entryPx: text(price), realizedPnl: '0', openedAt: at, updatedAt: at };
}

/** The ledger with `holding` as the strategy's holding in `coin`. */
export function withHolding(state: LedgerState, coin: string, strategyId: string, holding: StrategyHolding): LedgerState {
  return { ...state, holdings: { ...state.holdings, [coin]: { ...(own(state.holdings, coin) ?? {}), [strategyId]: holding } } };
}

/** What one of the trader's signals filled: its strategy, coin, signed size so far, and the price of what was added. */
export interface SignalFill {
  readonly signalId: string;
  readonly strategyId: string;
  readonly coin: string;
  /** Signed size the signal has filled in all, as this source knows it. */
  readonly filled: string;
  readonly px: string;
  readonly at: string;
}

/**
 * Counts a signal's fills for its strategy: only the part beyond what was already counted for the
 * signal moves the holding, so the order's answer and the venue's fills of the same order count once.
 */
export function countSignalFill(state: LedgerState, fill: SignalFill): LedgerState {
  const counted = new Dec(own(state.counted, fill.signalId) ?? '0');
  const filled = new Dec(fill.filled);
  if (filled.abs().lte(counted.abs())) return state;
  const delta = toWireDecimal(filled.minus(counted).toFixed());
  const holding = holdingOf(state, fill.strategyId, fill.coin);
  // A signal enters once, at its first fill, however many fills and sources count it.
  const entered = counted.isZero() && entersBy(holding, delta);
  const noted = withActivity(state, fill.strategyId, (a) =>
    withPnl(entered ? withEntry(a, fill.coin, fill.at) : a, realisedBy(holding, delta, fill.px), fill.at),
  );
  const traded = withHolding(noted, fill.coin, fill.strategyId, tradeHolding(holding, delta, fill.px, fill.at));
  return remember(traded, fill.signalId, { counted: toWireDecimal(filled.toFixed()) });
}

/** The ledger with a strategy's activity changed by `update`. */
export function withActivity(state: LedgerState, strategyId: string, update: (activity: StrategyActivity) => StrategyActivity): LedgerState {
  const before = activityOf(state.activity, strategyId);
  const after = update(before);
  return after === before ? state : { ...state, activity: { ...state.activity, [strategyId]: after } };
}

/** A strategy's trade that is no signal's entry (a stop, a target, close-all): it moves the holding and realises P&L. */
export function tradeWithoutEntry(state: LedgerState, coin: string, strategyId: string, delta: string, px: string, at: string): LedgerState {
  const holding = holdingOf(state, strategyId, coin);
  const noted = withActivity(state, strategyId, (a) => withPnl(a, realisedBy(holding, delta, px), at));
  return withHolding(noted, coin, strategyId, tradeHolding(holding, delta, px, at));
}

/** Records that `signalId` counted (or recorded) so much, forgetting the oldest signals past the bound. */
export function remember(state: LedgerState, signalId: string, update: { counted?: string; recorded?: string }): LedgerState {
  const known = Object.hasOwn(state.counted, signalId) || Object.hasOwn(state.recorded, signalId);
  let counted: Record<string, string> = update.counted === undefined ? { ...state.counted } : { ...state.counted, [signalId]: update.counted };
  let recorded: Record<string, string> = update.recorded === undefined ? { ...state.recorded } : { ...state.recorded, [signalId]: update.recorded };
  let recent = known ? state.recent : [...state.recent, signalId];
  if (recent.length > RECENT_SIGNALS) {
    const forgotten = new Set(recent.slice(0, recent.length - RECENT_SIGNALS));
    recent = recent.slice(recent.length - RECENT_SIGNALS);
    counted = Object.fromEntries(Object.entries(counted).filter(([id]) => !forgotten.has(id)));
    recorded = Object.fromEntries(Object.entries(recorded).filter(([id]) => !forgotten.has(id)));
  }
  return { ...state, counted, recorded, recent };
}

/**
 * Close-all closed the whole venue position in `coin`: every strategy's holding there is closed at
 * `px` (each realising against its own entry), whatever share it had.
 */
export function closeEveryStrategy(state: LedgerState, coin: string, px: string, at: string): LedgerState {
  let next = state;
  for (const [strategyId, szi] of Object.entries(holdersOf(state, coin)))
    next = tradeWithoutEntry(next, coin, strategyId, toWireDecimal(new Dec(szi).neg().toFixed()), px, at);
  return next;
}

/** Whether the venue's recorded fills of `signalId` already amount to `filled` (signed): nothing of it is left to expect. */
export function fillsRecorded(state: LedgerState, signalId: string, filled: string): boolean {
  const recorded = own(state.recorded, signalId);
  return recorded !== undefined && new Dec(recorded).abs().gte(new Dec(filled).abs());
}

/** Whether a signed size is zero. */
export function isFlat(szi: string): boolean {
  return new Dec(szi).isZero();
}

/** A strategy's protection in a coin: none when it has none. */
export function protectionOf(state: LedgerState, strategyId: string, coin: string): StrategyProtection {
  return own(own(state.protection, coin) ?? {}, strategyId) ?? { live: [] };
}

/** Every strategy with protection live in `coin`. */
export function protectedIn(state: LedgerState, coin: string): string[] {
  return Object.entries(own(state.protection, coin) ?? {})
    .filter(([, p]) => p.live.length > 0)
    .map(([id]) => id);
}

/** A strategy's non-zero signed positions in every coin: what its alerts act on (issue 39, point 1). */
export function holdingsOfStrategy(state: LedgerState, strategyId: string): Record<string, string> {
  return Object.fromEntries(
    Object.keys(state.holdings)
      .map((coin) => [coin, holdingOf(state, strategyId, coin).szi] as const)
      .filter(([, szi]) => !isFlat(szi)),
  );
}

/** The resting orders of the strategies that `trades` accepts, in `coin`, by cloid. */
export function restingIn(state: LedgerState, coin: string, trades: (strategyId: string) => boolean): Record<string, RestingOrder> {
  return Object.fromEntries(Object.entries(state.resting ?? {}).filter(([, order]) => order.coin === coin && trades(order.strategyId)));
}
