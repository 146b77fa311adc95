import type { TradeSummary } from '@hyperhook/domain';
import { DASH } from '../../lib/format/latency';
import { formatSignedUsd, formatUsd } from '../../lib/format/money';
import { formatPercent } from '../../lib/format/numbers';

/** Money of the summary (decimal text) as a number; null stays null. */
export const amount = (value: string | null): number | null => (value === null ? null : Number(value));

/** "50%", or "—" before any trade closed. */
export const winRateText = (winRate: number | null): string => (winRate === null ? DASH : formatPercent(winRate));

/** "2.20"; "∞" when there were wins and no loss; "—" with neither. */
export function profitFactorText(summary: TradeSummary): string {
  if (summary.profitFactor !== null) return summary.profitFactor.toFixed(2);
  return summary.wins > 0 ? '∞' : DASH;
}

/** A signed amount ("+$5.50"), "—" when there is none. */
export const signedOrDash = (value: string | null): string => (value === null ? DASH : formatSignedUsd(Number(value)));

/** The deepest fall from a peak, a loss so shown negative ("−$2.50"), "$0.00" without one. */
export function drawdownText(maxDrawdown: string): string {
  const fall = Number(maxDrawdown);
  return fall > 0 ? `−${formatUsd(fall)}` : formatUsd(0);
}

/** What trading cost on top of the price moves: fees paid less funding received (funding is signed, + received). */
export const costs = (summary: TradeSummary): number => Number(summary.funding) - Number(summary.fees);

/**
 * How the trades were filled, where their alerts tell (issue 43): "slippage 3.2 bps · alert → fill
 * 250 ms" (positive slippage: worse than the signal price); null when no alert carried a price or time.
 */
export function executionText(summary: Pick<TradeSummary, 'averageSlippageBps' | 'averageAlertToFillMs'>): string | null {
  const parts = [
    summary.averageSlippageBps === undefined ? null : `slippage ${summary.averageSlippageBps} bps`,
    summary.averageAlertToFillMs === undefined ? null : `alert → fill ${Math.round(summary.averageAlertToFillMs)} ms`,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join(' · ');
}
