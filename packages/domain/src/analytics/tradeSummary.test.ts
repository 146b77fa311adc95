import { describe, expect, it } from 'vitest';
import type { RoundTrip } from './analyticsSchemas.js';
import { equityCurve, maxDrawdown, summarizeTrades } from './tradeSummary.js';

const trip = (closedMinute: number | null, netPnl: string, extra: Partial<RoundTrip> = {}): RoundTrip => ({
  strategyId: 'st_a',
  coin: 'ETH',
  side: 'long',
  openedAt: '2026-12-01T09:00:00.000Z',
  closedAt: closedMinute === null ? null : new Date(Date.parse('2026-12-01T10:00:00.000Z') + closedMinute * 60_000).toISOString(),
  size: '1',
  openSize: closedMinute === null ? '1' : '0',
  openEntryPx: closedMinute === null ? '100' : '0',
  entryPx: '100',
  exitPx: closedMinute === null ? null : '101',
  grossPnl: netPnl,
  fees: '0',
  funding: '0',
  netPnl,
  durationMs: null,
  openedBy: [],
  closedBy: [],
  ...extra,
});

describe('summarizeTrades (issue 43, point 1)', () => {
  it('given wins, losses, a scratch and an open trade, then the figures count the closed trades only', () => {
    // Closed in this order: +100, −40, +50, 0, −60; equity 100, 60, 110, 110, 50 → deepest fall 60.
    const trips = [trip(1, '100'), trip(2, '-40'), trip(3, '50', { fees: '2', grossPnl: '52' }), trip(4, '0'), trip(5, '-60'), trip(null, '-999')];
    expect(summarizeTrades(trips)).toEqual({
      trades: 5,
      wins: 2,
      losses: 2,
      winRate: 0.4,
      netPnl: '50',
      grossPnl: '52',
      fees: '2',
      funding: '0',
      profitFactor: 1.5,
      averageWin: '75',
      averageLoss: '-50',
      expectancy: '10',
      largestWin: '100',
      largestLoss: '-60',
      maxDrawdown: '60',
    });
  });

  it('given no closed trade, then nothing divides by zero: ratios are null, sums are zero', () => {
    expect(summarizeTrades([trip(null, '5')])).toMatchObject({ trades: 0, winRate: null, profitFactor: null, expectancy: null, netPnl: '0', maxDrawdown: '0' });
  });

  it('given only winners, then the profit factor is null (nothing lost) and there is no drawdown', () => {
    expect(summarizeTrades([trip(1, '5'), trip(2, '7')])).toMatchObject({ winRate: 1, profitFactor: null, averageLoss: null, maxDrawdown: '0' });
  });

  it('given trades listed out of closing order, then the curve follows the order they closed in', () => {
    const curve = equityCurve([trip(3, '-30'), trip(1, '10'), trip(2, '20')], '1000');
    expect(curve.map((point) => point.equity)).toEqual(['1010', '1030', '1000']);
    expect(maxDrawdown(curve, '1000')).toBe('30');
  });
});
