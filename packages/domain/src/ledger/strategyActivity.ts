import { Dec } from '../exchange/decimal.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { own } from '../shared/records.js';
import { tradeHolding, type StrategyHolding } from './strategyLedger.js';

/**
 * What the entry guards count of one strategy (issue 42): when it last entered each coin, and its
 * entries and realised P&L in quarter-hour buckets over the last two days, enough for "today" in
 * any time zone (every zone's midnight falls on a quarter hour). Bounded whatever the trading rate.
 */
export interface StrategyActivity {
  /** coin → when the strategy last entered it (ISO). */
  readonly lastEntryAt: Readonly<Record<string, string>>;
  /** Quarter-hour start (epoch ms, as text) → entries begun in it. */
  readonly entries: Readonly<Record<string, number>>;
  /** Quarter-hour start (epoch ms, as text) → P&L realised in it, less the fees paid, plus the funding received (decimal text). */
  readonly pnl: Readonly<Record<string, string>>;
}

/** How far back the buckets reach: two days covers any zone's "today". */
export const ACTIVITY_KEPT_MS = 2 * 86_400_000;
const QUARTER_MS = 15 * 60_000;
const NONE: StrategyActivity = Object.freeze({ lastEntryAt: {}, entries: {}, pnl: {} });

/** The activity of every strategy, by id; absent on ledgers folded before issue 42 had it. */
export type ActivityByStrategy = Readonly<Record<string, StrategyActivity>>;

/** A strategy's activity, empty when it has none. */
export function activityOf(activity: ActivityByStrategy | undefined, strategyId: string): StrategyActivity {
  return own(activity ?? {}, strategyId) ?? NONE;
}

const quarterOf = (at: string) => String(Math.floor(Date.parse(at) / QUARTER_MS) * QUARTER_MS);

function pruned<T>(buckets: Readonly<Record<string, T>>, at: string): Record<string, T> {
  const from = Date.parse(at) - ACTIVITY_KEPT_MS;
  return Object.fromEntries(Object.entries(buckets).filter(([start]) => Number(start) >= from));
}

/** Whether trading `delta` coins (signed) on `holding` enters: opens, adds to or flips the position. */
export function entersBy(holding: Pick<StrategyHolding, 'szi'>, delta: string): boolean {
  const before = new Dec(holding.szi);
  const change = new Dec(delta);
  if (change.isZero()) return false;
  return before.isZero() || before.isPositive() === change.isPositive() || change.abs().gt(before.abs());
}

/** The P&L a trade of `delta` coins at `px` realises on `holding`, against its entry price. */
export function realisedBy(holding: Pick<StrategyHolding, 'szi' | 'entryPx'>, delta: string, px: string): InstanceType<typeof Dec> {
  const before = new Dec(holding.szi);
  const change = new Dec(delta);
  if (before.isZero() || change.isZero() || before.isPositive() === change.isPositive()) return new Dec(0);
  const closed = Dec.min(before.abs(), change.abs());
  return closed.mul(new Dec(px).minus(holding.entryPx)).mul(before.isPositive() ? 1 : -1);
}

/** The activity after an entry in `coin` at `at`. */
export function withEntry(activity: StrategyActivity, coin: string, at: string): StrategyActivity {
  const quarter = quarterOf(at);
  const last = own(activity.lastEntryAt, coin);
  return {
    lastEntryAt: { ...activity.lastEntryAt, [coin]: last !== undefined && last > at ? last : at },
    entries: pruned({ ...activity.entries, [quarter]: (own(activity.entries, quarter) ?? 0) + 1 }, at),
    pnl: pruned(activity.pnl, at),
  };
}

/** The activity after `pnl` was realised (or paid, negative) at `at`. */
export function withPnl(activity: StrategyActivity, pnl: InstanceType<typeof Dec>, at: string): StrategyActivity {
  if (pnl.isZero()) return activity;
  const quarter = quarterOf(at);
  const sum = new Dec(own(activity.pnl, quarter) ?? '0').plus(pnl).toDecimalPlaces(12);
  return { ...activity, entries: pruned(activity.entries, at), pnl: pruned({ ...activity.pnl, [quarter]: toWireDecimal(sum.toFixed()) }, at) };
}

/** Entries begun at or after `from` (a quarter hour, as every zone's midnight is). */
export function entriesSince(activity: StrategyActivity, from: number): number {
  return Object.entries(activity.entries).reduce((sum, [start, count]) => (Number(start) >= from ? sum + count : sum), 0);
}

/** P&L realised at or after `from`, less fees. */
export function realisedSince(activity: StrategyActivity, from: number): number {
  return Object.entries(activity.pnl)
    .reduce((sum, [start, pnl]) => (Number(start) >= from ? sum.plus(pnl) : sum), new Dec(0))
    .toNumber();
}

/** A fill as a paper account's log keeps it. */
export interface ActivityFill {
  readonly coin: string;
  readonly px: string;
  readonly sz: string;
  readonly side: 'B' | 'A';
  readonly time?: string | undefined;
  readonly signalId?: string | undefined;
  readonly fee?: string | undefined;
}

/**
 * activityFromFills as it goes, a fill at a time (issue 44 §2): whoever keeps an account's fills as
 * they come keeps this beside them, so the guards need not count every fill again per alert. Only
 * foldActivityFill changes it.
 */
export interface FillActivityFold {
  activity: StrategyActivity;
  readonly held: Record<string, StrategyHolding>;
  /** The alerts whose fills entered: an entry counts once per alert however many fills it took. */
  readonly entered: Set<string>;
}

/** The fold before any fill. */
export function startFillActivity(): FillActivityFold {
  return { activity: NONE, held: {}, entered: new Set() };
}

/** Counts one more fill, the next in time, into `fold`. */
export function foldActivityFill(fold: FillActivityFold, fill: ActivityFill): void {
  const at = fill.time;
  const holding = own(fold.held, fill.coin) ?? { szi: '0', entryPx: '0', realizedPnl: '0', openedAt: null, updatedAt: '' };
  const delta = fill.side === 'B' ? fill.sz : new Dec(fill.sz).neg().toFixed();
  if (at !== undefined) {
    const first = fill.signalId === undefined || !fold.entered.has(fill.signalId);
    if (first && entersBy(holding, delta)) fold.activity = withEntry(fold.activity, fill.coin, at);
    if (fill.signalId !== undefined && entersBy(holding, delta)) fold.entered.add(fill.signalId);
    fold.activity = withPnl(fold.activity, realisedBy(holding, delta, fill.px).minus(fill.fee ?? '0'), at);
  }
  fold.held[fill.coin] = tradeHolding(holding, toWireDecimal(delta), fill.px, at ?? '');
}

/** What the fills folded so far make: the activity, and the positions still open. */
export function foldedActivity(fold: FillActivityFold): { readonly activity: StrategyActivity; readonly held: Record<string, StrategyHolding> } {
  return { activity: fold.activity, held: Object.fromEntries(Object.entries(fold.held).filter(([, h]) => !new Dec(h.szi).isZero())) };
}

/**
 * The activity and positions one account's fills make, oldest first (a paper strategy's run,
 * issue 42): the same entries and realised P&L the ledger counts for a live strategy.
 */
export function activityFromFills(fills: readonly ActivityFill[]): { readonly activity: StrategyActivity; readonly held: Record<string, StrategyHolding> } {
  const fold = startFillActivity();
  for (const fill of fills) foldActivityFill(fold, fill);
  return foldedActivity(fold);
}
