import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../exchange/decimal.js';
import { roundTrips, type AnalyticsFill, type AnalyticsFunding } from './roundTrips.js';

const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const at = (minutes: number): string => new Date(T0 + minutes * 60_000).toISOString();
const fill = (minutes: number, isBuy: boolean, sz: string, px: string, fee = '0', extra: Partial<AnalyticsFill> = {}): AnalyticsFill => ({
  strategyId: 'st_a',
  coin: 'ETH',
  time: at(minutes),
  isBuy,
  px,
  sz,
  fee,
  ...extra,
});

describe('roundTrips (issue 43, point 1)', () => {
  it('given a long opened and closed, then one trade with its prices, fees, gross and net P&L and duration', () => {
    const [trade, ...rest] = roundTrips([fill(0, true, '1', '3000', '1.5', { signalId: 's1' }), fill(90, false, '1', '3100', '1.55', { signalId: 's2' })]);

    expect(rest).toEqual([]);
    expect(trade).toEqual({
      strategyId: 'st_a',
      coin: 'ETH',
      side: 'long',
      openedAt: at(0),
      closedAt: at(90),
      size: '1',
      openSize: '0',
      openEntryPx: '0',
      entryPx: '3000',
      exitPx: '3100',
      grossPnl: '100',
      fees: '3.05',
      funding: '0',
      netPnl: '96.95',
      durationMs: 90 * 60_000,
      openedBy: ['s1'],
      closedBy: ['s2'],
    });
  });

  it('given adds and partial exits, then one trade until flat, at size-weighted prices, P&L against the average entry', () => {
    // Long 1 @ 100, add 1 @ 110 (avg 105); sell 0.5 @ 120 (+7.5), sell 1.5 @ 90 (−22.5).
    const [trade] = roundTrips([
      fill(0, true, '1', '100', '0', { signalId: 'a' }),
      fill(1, true, '1', '110', '0', { signalId: 'b' }),
      fill(2, false, '0.5', '120', '0', { signalId: 'c' }),
      fill(3, false, '1.5', '90'),
    ]);

    expect(trade).toMatchObject({ size: '2', entryPx: '105', exitPx: '97.5', grossPnl: '-15', netPnl: '-15', closedAt: at(3) });
    expect(trade?.openedBy).toEqual(['a', 'b']);
    // A stop's fill names no alert.
    expect(trade?.closedBy).toEqual(['c']);
  });

  it('given an add after a partial exit, then the exit after it counts from the average entry of what was held', () => {
    // Short 2 @ 10, buy back 1 @ 10 (flat P&L), add 1 short @ 20: held 2 at 15; buy back 2 @ 12: +6.
    const [trade] = roundTrips([fill(0, false, '2', '10'), fill(1, true, '1', '10'), fill(2, false, '1', '20'), fill(3, true, '2', '12')]);
    expect(trade).toMatchObject({ grossPnl: '6', entryPx: '13.33333333333333333333333333333333333333', exitPx: '11.33333333333333333333333333333333333333' });
  });

  it('given a fill that flips the position, then it closes the long and opens a short with the rest, the fee split by size', () => {
    const trips = roundTrips([fill(0, true, '1', '100', '1', { signalId: 'long' }), fill(5, false, '3', '110', '3', { signalId: 'flip' })]);

    expect(trips).toHaveLength(2);
    expect(trips[0]).toMatchObject({ side: 'long', grossPnl: '10', fees: '2', netPnl: '8', closedAt: at(5), closedBy: ['flip'] });
    expect(trips[1]).toMatchObject({
      side: 'short',
      openedAt: at(5),
      closedAt: null,
      size: '2',
      openSize: '2',
      openEntryPx: '110',
      entryPx: '110',
      fees: '2',
      openedBy: ['flip'],
    });
  });

  it('given a short closed at a loss by a liquidation fill, then the loss is the trade’s', () => {
    const [trade] = roundTrips([fill(0, false, '2', '50', '0.1'), fill(60, true, '2', '60', '0')]);
    expect(trade).toMatchObject({ side: 'short', grossPnl: '-20', netPnl: '-20.1', exitPx: '60' });
  });

  it('given funding paid and received while open, and paid while flat, then the open trade’s count and the flat one is left out', () => {
    const funding: AnalyticsFunding[] = [
      { strategyId: 'st_a', coin: 'ETH', time: at(30), usdc: '-0.4' },
      { strategyId: 'st_a', coin: 'ETH', time: at(60), usdc: '0.1' },
      { strategyId: 'st_a', coin: 'ETH', time: at(200), usdc: '-9' },
      { strategyId: 'st_a', coin: 'BTC', time: at(30), usdc: '-9' },
    ];
    const [trade] = roundTrips([fill(0, true, '1', '100'), fill(90, false, '1', '100')], funding);
    expect(trade).toMatchObject({ funding: '-0.3', grossPnl: '0', netPnl: '-0.3' });
  });

  it('given two strategies in one coin, then each has its own trades', () => {
    const trips = roundTrips([fill(0, true, '1', '100'), fill(1, false, '1', '100', '0', { strategyId: 'st_b' }), fill(2, false, '1', '105')]);
    expect(trips.map((trip) => [trip.strategyId, trip.side, trip.closedAt])).toEqual([
      ['st_a', 'long', at(2)],
      ['st_b', 'short', null],
    ]);
  });

  it('property: the trades’ net P&L plus the open P&L at a mark equals the cash the fills moved plus what is held at that mark', () => {
    const fillArb = fc.record({
      strategyId: fc.constantFrom('st_a', 'st_b'),
      coin: fc.constantFrom('ETH', 'BTC'),
      isBuy: fc.boolean(),
      sz: fc.integer({ min: 1, max: 500 }).map((n) => (n / 100).toString()),
      px: fc.integer({ min: 1, max: 100_000 }).map((n) => (n / 10).toString()),
      fee: fc.integer({ min: -5, max: 50 }).map((n) => (n / 100).toString()),
    });
    fc.assert(
      fc.property(fc.array(fillArb, { maxLength: 40 }), fc.integer({ min: 1, max: 100_000 }), (raw, markTenths) => {
        const mark = new Dec(markTenths).div(10);
        const fills = raw.map((f, i) => ({ ...f, time: at(i) }));
        const trips = roundTrips(fills);
        const net = trips.reduce((total, trip) => total.plus(trip.netPnl), new Dec(0));
        const open = trips.reduce((total, trip) => {
          const move = mark.minus(trip.openEntryPx).times(trip.openSize);
          return total.plus(trip.side === 'long' ? move : move.negated());
        }, new Dec(0));
        const cash = fills.reduce((total, f) => total.plus(new Dec(f.px).times(f.sz).times(f.isBuy ? -1 : 1)).minus(f.fee), new Dec(0));
        const held = fills.reduce((total, f) => total.plus(new Dec(f.sz).times(f.isBuy ? 1 : -1)), new Dec(0));
        expect(
          net
            .plus(open)
            .minus(cash.plus(held.times(mark)))
            .abs()
            .lt('1e-20'),
        ).toBe(true);
      }),
    );
  });
});
