import type { BacktestComparison, BacktestTrade } from '@hyperhook/domain';
import { formatSignedUsd } from '../../lib/format/money';
import { toSeconds, type ChartMarker, type ChartPoint } from './chartData';

/** Both curves of a comparison on one time axis, with the missed trades on the backtest's and the extra ones on live's. */
export interface BacktestChartData {
  readonly backtest: readonly ChartPoint[];
  readonly live: readonly ChartPoint[];
  readonly missed: readonly ChartMarker[];
  readonly extra: readonly ChartMarker[];
}

/** A change of a curve: at `time` its total moves by `delta` (0: a point only, for a marker to sit on). */
interface Step {
  readonly time: number;
  readonly delta: number;
}

/**
 * A cumulative curve from zero at `start`: one point a second (the chart takes one value a time,
 * strictly ascending), the total after every step of that second.
 */
function curveOf(start: number, steps: readonly Step[]): ChartPoint[] {
  const points: ChartPoint[] = [{ time: start, value: 0 }];
  let total = 0;
  for (const step of [...steps].sort((a, b) => a.time - b.time)) {
    total += step.delta;
    const last = points.at(-1);
    if (last !== undefined && step.time <= last.time) points[points.length - 1] = { time: last.time, value: total };
    else points.push({ time: step.time, value: total });
  }
  return points;
}

const byTime = (a: ChartMarker, b: ChartMarker) => a.time - b.time;

/**
 * The two equity curves of a backtest comparison (issue 43, point 2): the backtest's P&L summed at
 * each of its trades' exits, and live's net P&L at each of its closes, both from zero a second
 * before the first trade of either. A missed trade is marked on the backtest's curve and an extra
 * one on live's, at its exit (its entry while it is open), where its curve has a point.
 */
export function backtestCurves(comparison: BacktestComparison): BacktestChartData {
  const backtestTrades = [...comparison.matched.map((match) => match.backtest), ...comparison.missed.map((miss) => miss.backtest)];
  const liveTrades = [...comparison.matched.map((match) => match.live), ...comparison.extra];
  const times = [...backtestTrades.map((trade) => toSeconds(trade.entryAt)), ...liveTrades.map((trade) => toSeconds(trade.openedAt))];
  if (times.length === 0) return { backtest: [], live: [], missed: [], extra: [] };
  const start = Math.min(...times) - 1;

  const markedAt = (trade: BacktestTrade) => toSeconds(trade.exitAt ?? trade.entryAt);
  const backtest = curveOf(
    start,
    backtestTrades.map((trade) => ({ time: markedAt(trade), delta: trade.exitAt === null ? 0 : Number(trade.pnl ?? 0) })),
  );
  const live = curveOf(
    start,
    liveTrades.map((trade) => ({ time: toSeconds(trade.closedAt ?? trade.openedAt), delta: trade.closedAt === null ? 0 : Number(trade.netPnl) })),
  );
  const missed = comparison.missed
    .map(({ backtest: trade }): ChartMarker => ({ time: markedAt(trade), position: 'aboveBar', shape: 'circle', tone: 'bad', text: `Missed #${trade.number}` }))
    .sort(byTime);
  const extra = comparison.extra
    .map((trade): ChartMarker => ({
      time: toSeconds(trade.closedAt ?? trade.openedAt),
      position: 'belowBar',
      shape: 'square',
      tone: 'neutral',
      text: `Extra ${trade.coin}`,
    }))
    .sort(byTime);
  return { backtest, live, missed, extra };
}

/** The chart in words: where each curve ended, and how many trades were missed and extra. */
export function backtestChartDescription(comparison: BacktestComparison, data: BacktestChartData): string {
  const end = (points: readonly ChartPoint[]) => formatSignedUsd(points.at(-1)?.value ?? 0);
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const text =
    `Backtest P&L ended at ${end(data.backtest)} and live net P&L at ${end(data.live)}; ` +
    `${count(comparison.matched.length, 'trade')} matched, ${count(comparison.missed.length, 'backtest trade')} missed live, ` +
    `${count(comparison.extra.length, 'live trade')} not in the backtest. Each is listed below.`;
  // A word joiner keeps a minus with its amount when the caption wraps.
  return text.replaceAll('−', '−\u2060');
}
