import type { Settings } from '../settings/settingsSchema.js';
import type { SizingBalance } from './sizingBalanceSchema.js';
import { usableAmount } from './usableAmount.js';

/** Which limit, if any, cut the requested amount down: shown beside the preview and in rejections. */
export type AmountCap = 'maxPositionSize' | 'availableBalance' | null;

/**
 * The requested amount capped first by Max Position Size — unless that is 0, which means
 * no cap — and then by the available balance. Never negative.
 */
export function amountAfterLimits(requested: number, settings: Settings, balance: SizingBalance): number {
  let amount = usableAmount(requested);
  const maxPositionSize = usableAmount(settings.riskLimits.maxPositionSize);
  if (maxPositionSize > 0) amount = Math.min(amount, maxPositionSize);
  return Math.min(amount, usableAmount(balance.availableBalance));
}

/** Which cap amountAfterLimits applied last (the one that binds), or null when none did. */
export function amountCap(requested: number, settings: Settings, balance: SizingBalance): AmountCap {
  const wanted = usableAmount(requested);
  const maxPositionSize = usableAmount(settings.riskLimits.maxPositionSize);
  const afterMax = maxPositionSize > 0 ? Math.min(wanted, maxPositionSize) : wanted;
  if (usableAmount(balance.availableBalance) < afterMax) return 'availableBalance';
  return afterMax < wanted ? 'maxPositionSize' : null;
}
