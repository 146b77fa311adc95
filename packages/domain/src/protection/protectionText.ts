import type { TakeProfitTarget } from './takeProfits.js';
import type { TrailingStop } from './trailingStop.js';

/** A trail in words: "trailing 2% behind the price", "trailing $50 behind the price from 3030". */
export function trailText(trail: Pick<TrailingStop, 'percent' | 'amount' | 'activationPx' | 'active'>): string {
  const distance = trail.percent !== undefined ? `${trail.percent}%` : `$${trail.amount ?? '?'}`;
  return `trailing ${distance} behind the price${!trail.active && trail.activationPx !== undefined ? ` once it reaches ${trail.activationPx}` : ''}`;
}

/** Take-profits in words: "take-profits 0.05 at 3120, 0.05 at 3600". */
export function takeProfitsText(targets: readonly TakeProfitTarget[]): string {
  return `take-profit${targets.length === 1 ? '' : 's'} ${targets.map((target) => `${target.size} at ${target.triggerPx}`).join(', ')}`;
}
