import { z } from 'zod';
import type { Settings } from '../settings/settingsSchema.js';
import { amountAfterLimits } from './amountAfterLimits.js';
import { requestedAmount } from './requestedAmount.js';
import type { SizingBalance } from './sizingBalanceSchema.js';
import { usableAmount } from './usableAmount.js';

/** The Risk Snapshot of the Settings tab (our decision: the spec leaves its content open). */
export const RiskSnapshotSchema = z.object({
  /** The amount after limits an alert without a size would trade now. */
  currentRequest: z.number().min(0),
  /** Max Position Size − current request; null when Max Position Size is 0, i.e. no cap (shown ∞). */
  headroom: z.number().min(0).nullable(),
  /** Max Open Positions − open positions, never below 0. */
  slots: z.number().int().min(0),
});
/** A risk snapshot. */
export type RiskSnapshot = z.infer<typeof RiskSnapshotSchema>;

/** Computes the Risk Snapshot from Settings, the balance and how many positions are open. */
export function riskSnapshot(settings: Settings, balance: SizingBalance, openPositions: number): RiskSnapshot {
  const currentRequest = amountAfterLimits(requestedAmount(settings, balance), settings, balance);
  const maxPositionSize = usableAmount(settings.riskLimits.maxPositionSize);
  const maxOpen = Math.floor(usableAmount(settings.riskLimits.maxOpenPositions));
  const open = Math.floor(usableAmount(openPositions));
  return {
    currentRequest,
    headroom: maxPositionSize > 0 ? Math.max(0, maxPositionSize - currentRequest) : null,
    slots: Math.max(0, maxOpen - open),
  };
}
