import { describe, expect, it } from 'vitest';
import { positionView } from '../../test/fixtures';
import { avgLeverageText, notional, summarizePositions, winRateText } from './positionMath';

describe('position figures (spec §9)', () => {
  it('CONST-19: given a short of -0.5 at a mark of 3000, then its notional is 1500 (absolute size × current price)', () => {
    expect(notional(positionView({ size: -0.5, currentPrice: 3000 }))).toBe(1500);
    expect(notional(positionView({ size: 0.01, currentPrice: 61_000 }))).toBe(610);
  });

  it('TAB-POS-07, TAB-POS-08, TAB-POS-09, CONST-20: given three positions, then count, gross notional, net unrealized P&L and mean leverage', () => {
    const positions = [
      positionView({ size: 0.01, currentPrice: 60_000, unrealizedPnl: 10, leverage: 3 }),
      positionView({ positionId: 'ETH-short-1', symbol: 'ETH', side: 'short', size: 1, currentPrice: 3000, unrealizedPnl: -25, leverage: 5 }),
      positionView({ positionId: 'SOL-long-1', symbol: 'SOL', size: 10, currentPrice: 150, unrealizedPnl: 0, leverage: 1 }),
    ];
    expect(summarizePositions(positions)).toEqual({
      openPositions: 3,
      grossNotional: 600 + 3000 + 1500,
      netUnrealizedPnl: -15,
      avgLeverage: 3,
    });
  });

  it('TAB-POS-11, TAB-POS-13: given no positions and no closed trade, then zeros, and no average or win rate (shown "—")', () => {
    expect(summarizePositions([])).toEqual({ openPositions: 0, grossNotional: 0, netUnrealizedPnl: 0, avgLeverage: null });
    expect([avgLeverageText(null), winRateText(null, 0)]).toEqual(['—', 'Win rate —']);
  });

  it('TAB-POS-12, TAB-POS-13, issue 43: the average leverage reads with one decimal at most, the win rate of closed trades as a whole percent with their count', () => {
    expect([avgLeverageText(3), avgLeverageText(7 / 3), winRateText(2 / 3, 3), winRateText(1, 1)]).toEqual([
      '3x',
      '2.3x',
      'Win rate 67% of 3 closed',
      'Win rate 100% of 1 closed',
    ]);
  });
});
