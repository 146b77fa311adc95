import type { Decimal } from 'decimal.js';
import { Dec, decimalToWire } from '../exchange/decimal.js';
import type { EquityPoint } from './analyticsSchemas.js';
import type { AnalyticsFill, AnalyticsFunding } from './roundTrips.js';

/** A coin's price at an instant that is not a fill of the strategy: a positions snapshot's mark. */
export interface AnalyticsMark {
  readonly coin: string;
  readonly time: string;
  readonly px: string;
}

type Timed =
  | { readonly kind: 'fill'; readonly at: number; readonly fill: AnalyticsFill }
  | { readonly kind: 'funding'; readonly at: number; readonly funding: AnalyticsFunding }
  | { readonly kind: 'mark'; readonly at: number; readonly mark: AnalyticsMark };

const ORDER: Record<Timed['kind'], number> = { fill: 0, funding: 1, mark: 2 };

/**
 * Equity with open P&L (issue 43, point 1), marked to market: the cash the fills moved (a buy pays
 * size × price, a sell receives it, fees paid, funding received or paid) plus what each open
 * position is worth at the coin's latest price, from a fill (of any strategy given) or a mark. A
 * point after every fill, payment and mark, one an instant, from zero; flat, it is the realised
 * net P&L. The fills and payments are the strategy's (or the account's); the marks any coin's.
 */
export function markedEquityCurve(fills: readonly AnalyticsFill[], funding: readonly AnalyticsFunding[], marks: readonly AnalyticsMark[]): EquityPoint[] {
  const timeline: Timed[] = [
    ...fills.map((fill) => ({ kind: 'fill', at: Date.parse(fill.time), fill }) as const),
    ...funding.map((paid) => ({ kind: 'funding', at: Date.parse(paid.time), funding: paid }) as const),
    ...marks.map((mark) => ({ kind: 'mark', at: Date.parse(mark.time), mark }) as const),
  ].sort((a, b) => a.at - b.at || ORDER[a.kind] - ORDER[b.kind]);
  let cash = new Dec(0);
  /** Signed size per strategy and coin. */
  const held = new Map<string, { readonly coin: string; size: Decimal }>();
  const lastPx = new Map<string, Decimal>();
  const points: EquityPoint[] = [];
  for (const item of timeline) {
    if (item.kind === 'fill') {
      const { fill } = item;
      const sz = new Dec(fill.sz);
      const value = sz.times(fill.px);
      cash = (fill.isBuy ? cash.minus(value) : cash.plus(value)).minus(fill.fee);
      const key = `${fill.strategyId}\u0000${fill.coin}`;
      const position = held.get(key) ?? { coin: fill.coin, size: new Dec(0) };
      position.size = fill.isBuy ? position.size.plus(sz) : position.size.minus(sz);
      held.set(key, position);
      lastPx.set(fill.coin, new Dec(fill.px));
    } else if (item.kind === 'funding') {
      cash = cash.plus(item.funding.usdc);
    } else {
      lastPx.set(item.mark.coin, new Dec(item.mark.px));
    }
    let equity = cash;
    for (const { coin, size } of held.values()) if (!size.isZero()) equity = equity.plus(size.times(lastPx.get(coin) ?? 0));
    const at = new Date(item.at).toISOString();
    const point = { at, equity: decimalToWire(equity) };
    if (points.at(-1)?.at === at) points[points.length - 1] = point;
    else points.push(point);
  }
  return points;
}

/**
 * A curve's points within a period, and the equity the period began with (the last point before
 * `from`, else zero): what a drawdown within the period is measured from.
 */
export function curveWithin(curve: readonly EquityPoint[], from: string | undefined, to: string | undefined): { start: string; points: EquityPoint[] } {
  const fromMs = from === undefined ? Number.NEGATIVE_INFINITY : Date.parse(from);
  const toMs = to === undefined ? Number.POSITIVE_INFINITY : Date.parse(to);
  const before = curve.filter((point) => Date.parse(point.at) < fromMs).at(-1);
  return {
    start: before?.equity ?? '0',
    points: curve.filter((point) => Date.parse(point.at) >= fromMs && Date.parse(point.at) < toMs),
  };
}
