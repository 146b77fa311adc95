import { describe, expect, it } from 'vitest';
import { chartDescription, equityPoints, peakPoints, toSeconds, tradeMarkers } from './chartData';
import { roundTrip, winThenLoss } from './performance.fixtures';

const at = (iso: string) => toSeconds(iso);

describe('the equity chart’s data (issue 43, point 3)', () => {
  it('given a win then a loss, then the curve starts at zero when the first trade opened and steps at each close, in UTC seconds', () => {
    expect(equityPoints(winThenLoss.trades, winThenLoss.equityCurve)).toEqual([
      { time: at('2026-12-01T10:00:00Z'), value: 0 },
      { time: at('2026-12-01T10:30:00Z'), value: 5.5 },
      { time: at('2026-12-01T10:40:00Z'), value: 3 },
    ]);
  });

  it('given two trades closed in the same second, then one point, the equity after both (the chart needs strictly rising times)', () => {
    const trades = [roundTrip({ closedAt: '2026-12-01T10:30:00.200Z' }), roundTrip({ coin: 'BTC', closedAt: '2026-12-01T10:30:00.900Z', netPnl: '-1' })];
    const curve = [
      { at: '2026-12-01T10:30:00.200Z', equity: '5.5' },
      { at: '2026-12-01T10:30:00.900Z', equity: '4.5' },
    ];
    expect(equityPoints(trades, curve).map((point) => point.value)).toEqual([0, 4.5]);
  });

  it('given a trade opened and closed within a second, then the curve still starts at zero a second before the close', () => {
    const trade = roundTrip({ openedAt: '2026-12-01T10:30:00.100Z', closedAt: '2026-12-01T10:30:00.900Z', netPnl: '-0.06' });
    expect(equityPoints([trade], [{ at: '2026-12-01T10:30:00.900Z', equity: '-0.06' }])).toEqual([
      { time: at('2026-12-01T10:29:59Z'), value: 0 },
      { time: at('2026-12-01T10:30:00Z'), value: -0.06 },
    ]);
  });

  it('given no closed trade, then no point at all', () => {
    expect(equityPoints([roundTrip({ closedAt: null, exitPx: null, durationMs: null })], [])).toEqual([]);
  });

  it('given the curve, then the running peak it is shaded against, from zero: the drawdown is where the curve is below it', () => {
    const peak = peakPoints([
      { time: 1, value: 0 },
      { time: 2, value: 5.5 },
      { time: 3, value: 3 },
      { time: 4, value: 7 },
    ]);
    expect(peak.map((point) => point.value)).toEqual([0, 5.5, 5.5, 7]);
    expect(peakPoints([{ time: 1, value: -2 }]).map((point) => point.value)).toEqual([0]);
  });

  it('given a win, a loss and an open trade, then a green arrow up under the win, a red arrow down over the loss, none for the open one', () => {
    const open = roundTrip({ coin: 'SOL', closedAt: null, exitPx: null, durationMs: null });
    expect(tradeMarkers([winThenLoss.trades[1]!, open, winThenLoss.trades[0]!])).toEqual([
      { time: at('2026-12-01T10:30:00Z'), position: 'belowBar', shape: 'arrowUp', tone: 'good', text: 'ETH +$5.50' },
      { time: at('2026-12-01T10:40:00Z'), position: 'aboveBar', shape: 'arrowDown', tone: 'bad', text: 'BTC −$2.50' },
    ]);
  });

  it('given the summary, then the chart in words: its text alternative', () => {
    const points = equityPoints(winThenLoss.trades, winThenLoss.equityCurve);
    expect(chartDescription(winThenLoss.summary, points).replaceAll('\u2060', '')).toBe(
      'Equity curve of 2 closed trades: from $0.00 to +$3.00, deepest drawdown $2.50. Each trade is listed below.',
    );
  });
});
