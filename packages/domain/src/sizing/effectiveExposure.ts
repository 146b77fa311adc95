import { usableAmount } from './usableAmount.js';

/** The position's notional in USD, amount after limits × leverage (invalid inputs count as 0). */
export function effectiveExposure(amount: number, leverage: number): number {
  return usableAmount(amount) * usableAmount(leverage);
}
