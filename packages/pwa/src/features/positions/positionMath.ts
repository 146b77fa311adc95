import type { PositionView } from '@hyperhook/domain';
import { DASH } from '../../lib/format/latency';
import { formatLeverage, formatPercent } from '../../lib/format/numbers';

/** A position's notional in USD, its absolute size times its current price. */
export function notional(position: PositionView): number {
  return Math.abs(position.size) * position.currentPrice;
}

/** The figures of the Positions tab's cards, over all positions. */
export interface PositionsSummary {
  readonly openPositions: number;
  /** Σ notional. */
  readonly grossNotional: number;
  /** Σ unrealized P&L. */
  readonly netUnrealizedPnl: number;
  /** Mean leverage; null with no positions (shown "—"). */
  readonly avgLeverage: number | null;
}

/** Sums up the positions for the cards. */
export function summarizePositions(positions: readonly PositionView[]): PositionsSummary {
  const count = positions.length;
  const sum = (value: (p: PositionView) => number) => positions.reduce((total, p) => total + value(p), 0);
  return {
    openPositions: count,
    grossNotional: sum(notional),
    netUnrealizedPnl: sum((p) => p.unrealizedPnl),
    avgLeverage: count === 0 ? null : sum((p) => p.leverage) / count,
  };
}

/** Avg Leverage as a card shows it: one decimal at most ("2.3x"), "—" with no positions. */
export function avgLeverageText(avgLeverage: number | null): string {
  return avgLeverage === null ? DASH : formatLeverage(Math.round(avgLeverage * 10) / 10);
}

/**
 * The win rate under Avg Leverage, of closed trades (issue 43, in place of CONST-21's share of open
 * positions in profit, which said nothing of how trades ended): "Win rate 67% of 3 closed",
 * "Win rate —" before any trade closed.
 */
export function winRateText(winRate: number | null, closedTrades: number): string {
  return winRate === null ? `Win rate ${DASH}` : `Win rate ${formatPercent(winRate)} of ${closedTrades} closed`;
}
