import { SETTINGS_LIMITS } from '../settings/settingsSchema.js';

/** The leverage an order will use, and whether it had to be lowered to fit the coin. */
export interface ResolvedLeverage {
  leverage: number;
  clamped: boolean;
}

/**
 * Clamps the wanted leverage (payload, else Settings) to 1..min(coin's maxLeverage, 50): the
 * exchange refuses more than the coin allows, and the product never goes above 50.
 * Lowering is recorded so the log can say the alert did not get what it asked for.
 */
export function resolveLeverage(wanted: number, maxLeverage: number): ResolvedLeverage {
  const ceiling = Math.max(SETTINGS_LIMITS.minLeverage, Math.min(Math.floor(maxLeverage) || 1, SETTINGS_LIMITS.maxLeverage));
  const whole = Number.isFinite(wanted) ? Math.floor(wanted) : SETTINGS_LIMITS.minLeverage;
  const leverage = Math.min(Math.max(whole, SETTINGS_LIMITS.minLeverage), ceiling);
  return { leverage, clamped: leverage < whole };
}
