import { describe, expect, it } from 'vitest';
import { curveWithin, markedEquityCurve } from './markedEquity.js';
import type { AnalyticsFill } from './roundTrips.js';
import { maxDrawdown } from './tradeSummary.js';

const at = (minutes: number): string => new Date(Date.parse('2026-12-01T10:00:00.000Z') + minutes * 60_000).toISOString();
const fill = (minutes: number, isBuy: boolean, sz: string, px: string, extra: Partial<AnalyticsFill> = {}): AnalyticsFill => ({
  strategyId: 'main',
  coin: 'ETH',
  time: at(minutes),
  isBuy,
  px,
  sz,
  fee: '0.5',
  ...extra,
});

describe('equity with open P&L (issue 43, point 1)', () => {
  it('given a long of 2 @ 100 that falls to 95 and is sold at 103, then the equity at each fill and mark counts the open position at its latest price', () => {
    const curve = markedEquityCurve(
      [fill(0, true, '2', '100'), fill(30, false, '2', '103')],
      [],
      [
        { coin: 'ETH', time: at(10), px: '95' },
        { coin: 'ETH', time: at(20), px: '104' },
      ],
    );

    expect(curve).toEqual([
      // Bought: only the fee lost.
      { at: at(0), equity: '-0.5' },
      { at: at(10), equity: '-10.5' },
      { at: at(20), equity: '7.5' },
      // Flat: the realised net P&L, 6 gross less two fees.
      { at: at(30), equity: '5' },
    ]);
    // Realised, the trade never fell; marked, it fell 10 below zero before it won.
    expect(maxDrawdown(curve)).toBe('10.5');
  });

  it('given funding, a short, and a mark of a coin no strategy holds, then funding moves the cash, a short gains as the price falls, and the mark changes nothing', () => {
    const curve = markedEquityCurve(
      [fill(0, false, '1', '100', { fee: '0' })],
      [{ strategyId: 'main', coin: 'ETH', time: at(5), usdc: '0.25' }],
      [
        { coin: 'BTC', time: at(6), px: '90000' },
        { coin: 'ETH', time: at(7), px: '98' },
      ],
    );

    expect(curve.map((point) => point.equity)).toEqual(['0', '0.25', '0.25', '2.25']);
  });

  it('given a fill and a mark in one instant, then one point, the equity after both', () => {
    const curve = markedEquityCurve([fill(0, true, '1', '100', { fee: '0' })], [], [{ coin: 'ETH', time: at(0), px: '101' }]);
    expect(curve).toEqual([{ at: at(0), equity: '1' }]);
  });

  it('given a period, then its points, measured from the equity it began with', () => {
    const curve = [
      { at: at(0), equity: '5' },
      { at: at(10), equity: '8' },
      { at: at(20), equity: '2' },
      { at: at(30), equity: '9' },
    ];
    const within = curveWithin(curve, at(10), at(30));

    expect(within).toEqual({ start: '5', points: curve.slice(1, 3) });
    expect(maxDrawdown(within.points, within.start)).toBe('6');
    expect(curveWithin(curve, undefined, undefined)).toEqual({ start: '0', points: curve });
  });
});
