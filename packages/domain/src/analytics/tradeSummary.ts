import type { Decimal } from 'decimal.js';
import { Dec, decimalToWire } from '../exchange/decimal.js';
import type { EquityPoint, RoundTrip, TradeSummary } from './analyticsSchemas.js';

const sum = (values: readonly Decimal[]): Decimal => values.reduce((a, b) => a.plus(b), new Dec(0));
const text = (value: Decimal | null): string | null => (value === null ? null : decimalToWire(value));

/** The closed trades in the order they closed. */
function closedInOrder(trips: readonly RoundTrip[]): RoundTrip[] {
  return trips.filter((trip) => trip.closedAt !== null).sort((a, b) => Date.parse(a.closedAt ?? '') - Date.parse(b.closedAt ?? ''));
}

/** Realised equity after each closed trade, from `start` (default 0), in the order they closed. */
export function equityCurve(trips: readonly RoundTrip[], start = '0'): EquityPoint[] {
  let equity = new Dec(start);
  return closedInOrder(trips).map((trip) => {
    equity = equity.plus(trip.netPnl);
    return { at: trip.closedAt ?? '', equity: decimalToWire(equity) };
  });
}

/** The deepest peak-to-trough fall of an equity curve that starts at `start`. */
export function maxDrawdown(curve: readonly EquityPoint[], start = '0'): string {
  let peak = new Dec(start);
  let deepest = new Dec(0);
  for (const point of curve) {
    const equity = new Dec(point.equity);
    peak = Dec.max(peak, equity);
    deepest = Dec.max(deepest, peak.minus(equity));
  }
  return decimalToWire(deepest);
}

/**
 * The figures of the closed trades among `trips` (an open trade has no outcome yet and is left
 * out). A trade that netted exactly zero is neither a win nor a loss, and counts in the win rate's
 * denominator only.
 */
export function summarizeTrades(trips: readonly RoundTrip[]): Omit<TradeSummary, 'maxDrawdownWithOpen'> {
  const closed = closedInOrder(trips);
  const nets = closed.map((trip) => new Dec(trip.netPnl));
  const winners = nets.filter((net) => net.gt(0));
  const losers = nets.filter((net) => net.lt(0));
  const won = sum(winners);
  const lost = sum(losers).abs();
  const net = sum(nets);
  return {
    trades: closed.length,
    wins: winners.length,
    losses: losers.length,
    winRate: closed.length === 0 ? null : winners.length / closed.length,
    netPnl: decimalToWire(net),
    grossPnl: decimalToWire(sum(closed.map((trip) => new Dec(trip.grossPnl)))),
    fees: decimalToWire(sum(closed.map((trip) => new Dec(trip.fees)))),
    funding: decimalToWire(sum(closed.map((trip) => new Dec(trip.funding)))),
    profitFactor: lost.isZero() ? null : won.div(lost).toNumber(),
    averageWin: text(winners.length === 0 ? null : won.div(winners.length)),
    averageLoss: text(losers.length === 0 ? null : lost.negated().div(losers.length)),
    expectancy: text(closed.length === 0 ? null : net.div(closed.length)),
    largestWin: text(winners.length === 0 ? null : Dec.max(...winners)),
    largestLoss: text(losers.length === 0 ? null : Dec.min(...losers)),
    maxDrawdown: maxDrawdown(equityCurve(closed)),
  };
}
