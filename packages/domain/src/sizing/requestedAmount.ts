import type { Settings } from '../settings/settingsSchema.js';
import type { SizingBalance } from './sizingBalanceSchema.js';
import { usableAmount } from './usableAmount.js';

/**
 * The USD amount an alert asks for, before any cap. A payload `size` overrides Settings (ARCHITECTURE
 * §9); an override that is not a positive number gives 0 rather than silently falling
 * back to Settings, because the sender asked for something specific. Otherwise:
 * fixed → the value; percentage_balance → available balance × value %;
 * percentage_equity → total equity × value %. Invalid inputs count as 0.
 */
export function requestedAmount(settings: Settings, balance: SizingBalance, overrideUsd?: number): number {
  if (overrideUsd !== undefined) return usableAmount(overrideUsd);
  const value = usableAmount(settings.positionSizing.value);
  switch (settings.positionSizing.mode) {
    case 'fixed':
      return value;
    case 'percentage_balance':
      return (usableAmount(balance.availableBalance) * value) / 100;
    case 'percentage_equity':
      return (usableAmount(balance.totalEquity) * value) / 100;
    default:
      // A mode the form has not finished choosing sizes nothing.
      return 0;
  }
}
