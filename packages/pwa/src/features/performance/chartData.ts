import type { EquityPoint, RoundTrip, TradeSummary } from '@hyperhook/domain';
import { formatSignedUsd, formatUsd } from '../../lib/format/money';

/** One point of a line on the chart: UTC seconds (the chart's time axis) and a number. */
export interface ChartPoint {
  readonly time: number;
  readonly value: number;
}

/** A closed trade's mark on the curve: wins point up in green, losses down in red. */
export interface ChartMarker {
  readonly time: number;
  readonly position: 'belowBar' | 'aboveBar' | 'inBar';
  readonly shape: 'arrowUp' | 'arrowDown' | 'circle' | 'square';
  readonly tone: 'good' | 'bad' | 'neutral';
  readonly text: string;
}

/** An instant as the chart's time: whole UTC seconds. */
export const toSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/**
 * The realised equity curve as chart points. It starts at zero when the first closed trade opened
 * (a second before its close at the latest), so one trade already draws a line; trades closed in
 * the same second make one point (the chart takes one value a time, strictly ascending), the
 * equity after the last of them.
 */
export function equityPoints(trades: readonly RoundTrip[], curve: readonly EquityPoint[]): ChartPoint[] {
  const opens = trades.filter((trade) => trade.closedAt !== null).map((trade) => toSeconds(trade.openedAt));
  const firstClose = curve[0] === undefined ? null : toSeconds(curve[0].at);
  const points: ChartPoint[] = firstClose === null ? [] : [{ time: Math.min(firstClose - 1, ...opens), value: 0 }];
  for (const point of curve) {
    const next = { time: toSeconds(point.at), value: Number(point.equity) };
    const last = points.at(-1);
    if (last !== undefined && next.time <= last.time) points[points.length - 1] = { time: last.time, value: next.value };
    else points.push(next);
  }
  return points;
}

/** The running peak of the curve, from its start at zero: the area between it and the curve is the drawdown. */
export function peakPoints(points: readonly ChartPoint[]): ChartPoint[] {
  let peak = 0;
  return points.map((point) => {
    peak = Math.max(peak, point.value);
    return { time: point.time, value: peak };
  });
}

/** A marker per closed trade at its close, in time order, labelled with its net P&L. */
export function tradeMarkers(trades: readonly RoundTrip[]): ChartMarker[] {
  return trades
    .filter((trade): trade is RoundTrip & { closedAt: string } => trade.closedAt !== null)
    .map((trade) => {
      const net = Number(trade.netPnl);
      const text = `${trade.coin} ${formatSignedUsd(net)}`;
      const time = toSeconds(trade.closedAt);
      if (net > 0) return { time, position: 'belowBar', shape: 'arrowUp', tone: 'good', text } as const;
      if (net < 0) return { time, position: 'aboveBar', shape: 'arrowDown', tone: 'bad', text } as const;
      return { time, position: 'inBar', shape: 'circle', tone: 'neutral', text } as const;
    })
    .sort((a, b) => a.time - b.time);
}

/** The chart in words, its text alternative: what the curve did, then the trade list tells the rest. */
export function chartDescription(summary: TradeSummary, points: readonly ChartPoint[]): string {
  const end = points.at(-1)?.value ?? 0;
  const trades = summary.trades === 1 ? '1 closed trade' : `${summary.trades} closed trades`;
  const drawdown = Number(summary.maxDrawdown);
  const deepest = drawdown > 0 ? `deepest drawdown ${formatUsd(drawdown)}` : 'no drawdown';
  // A word joiner keeps a minus with its amount when the caption wraps.
  return `Equity curve of ${trades}: from $0.00 to ${formatSignedUsd(end)}, ${deepest}. Each trade is listed below.`.replaceAll('−', '−\u2060');
}
