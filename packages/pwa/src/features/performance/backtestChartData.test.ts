import { describe, expect, it } from 'vitest';
import { backtestChartDescription, backtestCurves } from './backtestChartData';
import { toSeconds } from './chartData';
import { comparedBacktest } from './performance.fixtures';

const at = (iso: string) => toSeconds(iso);

describe('the backtest comparison chart’s data (issue 43, point 2)', () => {
  it('given a matched, a missed and an extra trade, then both curves start at zero a second before the first entry and step at each exit', () => {
    const data = backtestCurves(comparedBacktest.comparison);

    expect(data.backtest).toEqual([
      { time: at('2026-12-01T09:58:59Z'), value: 0 },
      { time: at('2026-12-01T10:29:00Z'), value: 8 },
      { time: at('2026-12-01T11:20:00Z'), value: 12 },
    ]);
    expect(data.live).toEqual([
      { time: at('2026-12-01T09:58:59Z'), value: 0 },
      { time: at('2026-12-01T10:30:00Z'), value: 5.5 },
      { time: at('2026-12-01T10:40:00Z'), value: 3 },
    ]);
  });

  it('given a missed and an extra trade, then the missed one is marked on the backtest’s curve and the extra one on live’s, each where its curve has a point', () => {
    const data = backtestCurves(comparedBacktest.comparison);

    expect(data.missed).toEqual([{ time: at('2026-12-01T11:20:00Z'), position: 'aboveBar', shape: 'circle', tone: 'bad', text: 'Missed #2' }]);
    expect(data.extra).toEqual([{ time: at('2026-12-01T10:40:00Z'), position: 'belowBar', shape: 'square', tone: 'neutral', text: 'Extra BTC' }]);
    for (const marker of data.missed) expect(data.backtest.map((point) => point.time)).toContain(marker.time);
    for (const marker of data.extra) expect(data.live.map((point) => point.time)).toContain(marker.time);
  });

  it('given a missed trade still open at the end of the backtest, then it is marked at its entry, where the curve gets a point of the same value', () => {
    const open = { backtest: { ...comparedBacktest.comparison.missed[0]!.backtest, exitAt: null, exitPx: null, pnl: null }, reason: 'No alert arrived.' };
    const data = backtestCurves({ ...comparedBacktest.comparison, missed: [open] });

    expect(data.backtest.at(-1)).toEqual({ time: at('2026-12-01T11:00:00Z'), value: 8 });
    expect(data.missed.map((marker) => marker.time)).toEqual([at('2026-12-01T11:00:00Z')]);
  });

  it('given nothing to compare, then no curve at all', () => {
    const empty = { matched: [], missed: [], extra: [], totals: { backtest: { trades: 0, pnl: '0' }, live: { trades: 0, netPnl: '0' } } };
    expect(backtestCurves(empty)).toEqual({ backtest: [], live: [], missed: [], extra: [] });
  });

  it('given the comparison, then the chart in words: where each curve ended and what was missed and extra', () => {
    const text = backtestChartDescription(comparedBacktest.comparison, backtestCurves(comparedBacktest.comparison));
    expect(text.replaceAll('\u2060', '')).toBe(
      'Backtest P&L ended at +$12.00 and live net P&L at +$3.00; 1 trade matched, 1 backtest trade missed live, 1 live trade not in the backtest. Each is listed below.',
    );
  });
});
