import { describe, expect, it } from 'vitest';
import type { RoundTrip } from '../analyticsSchemas.js';
import { compareBacktest } from './compareBacktest.js';
import type { BacktestTrade } from './tradingViewTrades.js';

const at = (minutes: number): string => new Date(Date.parse('2026-11-02T14:00:00.000Z') + minutes * 60_000).toISOString();
const backtest = (number: number, entry: number, side: 'long' | 'short', entryPx: string, exitPx: string | null, pnl: string | null): BacktestTrade => ({
  number,
  side,
  entryAt: at(entry),
  entryPx,
  exitAt: exitPx === null ? null : at(entry + 60),
  exitPx,
  size: '1',
  pnl,
});
const live = (opened: number, side: 'long' | 'short', entryPx: string, exitPx: string | null, netPnl: string, size = '1'): RoundTrip => ({
  strategyId: 'main',
  coin: 'ETH',
  side,
  openedAt: at(opened),
  closedAt: exitPx === null ? null : at(opened + 60),
  size,
  openSize: exitPx === null ? size : '0',
  openEntryPx: exitPx === null ? entryPx : '0',
  entryPx,
  exitPx,
  grossPnl: netPnl,
  fees: '0',
  funding: '0',
  netPnl,
  durationMs: null,
  openedBy: [],
  closedBy: [],
});

describe('compareBacktest (issue 43, point 2)', () => {
  it('given a backtest trade and the live trade that entered a bar later, then they are matched with the slippage and P&L differences', () => {
    const comparison = compareBacktest([backtest(1, 0, 'long', '3000', '3100', '100')], [live(0.5, 'long', '3003', '3096.9', '93.9')], []);

    expect(comparison.matched).toHaveLength(1);
    // Live paid 3 more on 3000 (10 bps worse) and sold 3.1 lower on 3100 (10 bps worse).
    expect(comparison.matched[0]).toMatchObject({ entrySlippageBps: 10, exitSlippageBps: 10, pnlDifference: '-6.1', backtestReturnPct: 3.3333 });
    expect(comparison.missed).toEqual([]);
    expect(comparison.extra).toEqual([]);
  });

  it('given a short, then a better fill is negative slippage', () => {
    const comparison = compareBacktest([backtest(1, 0, 'short', '100', '90', '10')], [live(0, 'short', '101', '89', '12')], []);
    expect(comparison.matched[0]).toMatchObject({ entrySlippageBps: -100, exitSlippageBps: -111.11 });
  });

  it('given backtest trades live missed, then each names the reason from the strategy’s log near its entry', () => {
    const trades = [backtest(1, 0, 'long', '1', '2', '1'), backtest(2, 120, 'long', '1', '2', '1'), backtest(3, 240, 'short', '1', '2', '-1')];
    const logs = [
      { createdAt: at(0.2), status: 'failed', error: 'Insufficient margin to place order.' },
      { createdAt: at(119), status: 'failed', error: 'ETH entered 3 min ago; this strategy waits 15 min.', guard: 'GUARD_COOLDOWN' },
      { createdAt: at(400), status: 'executed' },
    ];
    const comparison = compareBacktest(trades, [], logs);
    expect(comparison.missed.map((miss) => miss.reason)).toEqual([
      'The alert failed: Insufficient margin to place order.',
      'Held back by a guard: ETH entered 3 min ago; this strategy waits 15 min.',
      'No alert arrived.',
    ]);
  });

  it('given live trades outside any backtest trade’s window or of the other side, then they are extra, and each live trade is matched once', () => {
    const trades = [backtest(1, 0, 'long', '10', '11', '1'), backtest(2, 1, 'long', '10', '11', '1')];
    const lives = [live(2, 'long', '10', '11', '1'), live(3, 'short', '10', '9', '1'), live(30, 'long', '10', '11', '1')];
    const comparison = compareBacktest(trades, lives, []);
    expect(comparison.matched.map((match) => [match.backtest.number, match.live.openedAt])).toEqual([[1, at(2)]]);
    expect(comparison.missed.map((miss) => [miss.backtest.number, miss.reason])).toEqual([[2, 'No alert arrived.']]);
    expect(comparison.extra.map((trip) => [trip.side, trip.openedAt])).toEqual([
      ['short', at(3)],
      ['long', at(30)],
    ]);
  });

  it('given two live trades at the same distance, then the one nearer in size is the match', () => {
    const comparison = compareBacktest(
      [backtest(1, 10, 'long', '10', '11', '1')],
      [live(8, 'long', '10', '11', '9', '9'), live(12, 'long', '10', '11', '1', '1.1')],
      [],
    );
    expect(comparison.matched[0]?.live.openedAt).toBe(at(12));
  });

  it('given open trades on both sides, then totals count closed P&L only and the open pair has no exit figures', () => {
    const comparison = compareBacktest(
      [backtest(1, 0, 'long', '10', null, null), backtest(2, 100, 'long', '10', '12', '2')],
      [live(0, 'long', '10', null, '-0.1')],
      [],
    );
    expect(comparison.matched[0]).toMatchObject({ exitSlippageBps: null, pnlDifference: null, liveReturnPct: null, backtestReturnPct: null });
    expect(comparison.totals).toEqual({ backtest: { trades: 2, pnl: '2' }, live: { trades: 1, netPnl: '0' } });
  });
});
