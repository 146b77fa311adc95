import type { Decimal } from 'decimal.js';
import { Dec, decimalToWire } from '../exchange/decimal.js';
import type { RoundTrip } from './analyticsSchemas.js';

/**
 * One fill of a strategy as analytics read it (issue 43): a live FillRecorded or a paper
 * PaperFillRecorded, already attributed to its strategy. Numbers are the venue's decimal text;
 * `fee` is what was paid (a negative fee is a rebate).
 */
export interface AnalyticsFill {
  readonly strategyId: string;
  readonly coin: string;
  readonly time: string;
  readonly isBuy: boolean;
  readonly px: string;
  readonly sz: string;
  readonly fee: string;
  /** The alert whose order it filled; absent for a fill of no alert (a stop, a take-profit, a liquidation). */
  readonly signalId?: string;
}

/** A funding payment on a strategy's position: positive when received, negative when paid. */
export interface AnalyticsFunding {
  readonly strategyId: string;
  readonly coin: string;
  readonly time: string;
  readonly usdc: string;
}

/** A trade being built: decimals until it is written out. */
interface Building {
  readonly strategyId: string;
  readonly coin: string;
  readonly long: boolean;
  readonly openedAt: string;
  held: Decimal;
  /** The average entry of what is held: adds move it, exits do not. */
  basis: Decimal;
  maxHeld: Decimal;
  entryCost: Decimal;
  entrySz: Decimal;
  exitValue: Decimal;
  exitSz: Decimal;
  gross: Decimal;
  fees: Decimal;
  funding: Decimal;
  readonly openedBy: string[];
  readonly closedBy: string[];
}

const ZERO = new Dec(0);

function open(fill: AnalyticsFill, sz: Decimal, fee: Decimal): Building {
  return {
    strategyId: fill.strategyId,
    coin: fill.coin,
    long: fill.isBuy,
    openedAt: fill.time,
    held: sz,
    basis: new Dec(fill.px),
    maxHeld: sz,
    entryCost: sz.times(fill.px),
    entrySz: sz,
    exitValue: ZERO,
    exitSz: ZERO,
    gross: ZERO,
    fees: fee,
    funding: ZERO,
    openedBy: fill.signalId === undefined ? [] : [fill.signalId],
    closedBy: [],
  };
}

const once = (list: string[], id: string | undefined): void => {
  if (id !== undefined && !list.includes(id)) list.push(id);
};

/** Adds to the trade in the direction it holds. */
function add(trade: Building, fill: AnalyticsFill, sz: Decimal, fee: Decimal): void {
  trade.basis = trade.basis.times(trade.held).plus(sz.times(fill.px)).div(trade.held.plus(sz));
  trade.held = trade.held.plus(sz);
  trade.maxHeld = Dec.max(trade.maxHeld, trade.held);
  trade.entryCost = trade.entryCost.plus(sz.times(fill.px));
  trade.entrySz = trade.entrySz.plus(sz);
  trade.fees = trade.fees.plus(fee);
  once(trade.openedBy, fill.signalId);
}

/** Takes `sz` (at most what is held) off the trade at the fill's price, against the average entry of what is held. */
function reduce(trade: Building, fill: AnalyticsFill, sz: Decimal, fee: Decimal): void {
  const move = new Dec(fill.px).minus(trade.basis).times(sz);
  trade.gross = trade.gross.plus(trade.long ? move : move.negated());
  trade.held = trade.held.minus(sz);
  trade.exitValue = trade.exitValue.plus(sz.times(fill.px));
  trade.exitSz = trade.exitSz.plus(sz);
  trade.fees = trade.fees.plus(fee);
  once(trade.closedBy, fill.signalId);
}

function written(trade: Building, closedAt: string | null): RoundTrip {
  const net = trade.gross.minus(trade.fees).plus(trade.funding);
  return {
    strategyId: trade.strategyId,
    coin: trade.coin,
    side: trade.long ? 'long' : 'short',
    openedAt: trade.openedAt,
    closedAt,
    size: decimalToWire(trade.maxHeld),
    openSize: decimalToWire(trade.held),
    openEntryPx: trade.held.isZero() ? '0' : decimalToWire(trade.basis),
    entryPx: decimalToWire(trade.entryCost.div(trade.entrySz)),
    exitPx: trade.exitSz.isZero() ? null : decimalToWire(trade.exitValue.div(trade.exitSz)),
    grossPnl: decimalToWire(trade.gross),
    fees: decimalToWire(trade.fees),
    funding: decimalToWire(trade.funding),
    netPnl: decimalToWire(net),
    durationMs: closedAt === null ? null : Date.parse(closedAt) - Date.parse(trade.openedAt),
    openedBy: [...trade.openedBy],
    closedBy: [...trade.closedBy],
  };
}

type Timed = { readonly kind: 'fill'; readonly fill: AnalyticsFill } | { readonly kind: 'funding'; readonly funding: AnalyticsFunding };
const timeOf = (item: Timed): number => Date.parse(item.kind === 'fill' ? item.fill.time : item.funding.time);

/**
 * A strategy's fills, in time order, as round trips (issue 43, point 1): per strategy and coin,
 * a trade opens when the strategy's position leaves flat and closes when it is flat again. A fill
 * that flips the position closes the trade with the part that flattens it and opens the next with
 * the rest; its fee is split by size. A funding payment counts to the trade open in its coin when
 * it is paid (one paid while flat belongs to no trade and is left out). Trades are answered in the
 * order they opened; one still open has `closedAt` null.
 */
export function roundTrips(fills: readonly AnalyticsFill[], funding: readonly AnalyticsFunding[] = []): RoundTrip[] {
  const timeline: Timed[] = [...fills.map((fill) => ({ kind: 'fill', fill }) as const), ...funding.map((f) => ({ kind: 'funding', funding: f }) as const)];
  // Stable: fills of one instant keep the venue's order, and a payment at a fill's instant comes after it.
  timeline.sort((a, b) => timeOf(a) - timeOf(b) || (a.kind === b.kind ? 0 : a.kind === 'fill' ? -1 : 1));
  const openTrades = new Map<string, Building>();
  const done: { readonly trip: RoundTrip; readonly order: number }[] = [];
  const openedOrder = new Map<Building, number>();
  let opened = 0;
  const start = (key: string, fill: AnalyticsFill, sz: Decimal, fee: Decimal): void => {
    const trade = open(fill, sz, fee);
    openTrades.set(key, trade);
    openedOrder.set(trade, opened++);
  };
  for (const item of timeline) {
    if (item.kind === 'funding') {
      const trade = openTrades.get(`${item.funding.strategyId}\u0000${item.funding.coin}`);
      if (trade !== undefined) trade.funding = trade.funding.plus(item.funding.usdc);
      continue;
    }
    const { fill } = item;
    const key = `${fill.strategyId}\u0000${fill.coin}`;
    const sz = new Dec(fill.sz);
    const fee = new Dec(fill.fee);
    if (sz.isZero()) continue;
    const trade = openTrades.get(key);
    if (trade === undefined) {
      start(key, fill, sz, fee);
      continue;
    }
    if (trade.long === fill.isBuy) {
      add(trade, fill, sz, fee);
      continue;
    }
    const closing = Dec.min(sz, trade.held);
    const closingFee = fee.times(closing).div(sz);
    reduce(trade, fill, closing, closingFee);
    if (!trade.held.isZero()) continue;
    done.push({ trip: written(trade, fill.time), order: openedOrder.get(trade) ?? 0 });
    openTrades.delete(key);
    const rest = sz.minus(closing);
    if (rest.gt(0)) start(key, fill, rest, fee.minus(closingFee));
  }
  for (const trade of openTrades.values()) done.push({ trip: written(trade, null), order: openedOrder.get(trade) ?? 0 });
  return done.sort((a, b) => a.order - b.order).map((entry) => entry.trip);
}
