import { z } from 'zod';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { WireDecimalSchema } from '../exchange/wireDecimalSchema.js';
import type { Settings } from '../settings/settingsSchema.js';
import { amountAfterLimits, amountCap } from './amountAfterLimits.js';
import { effectiveExposure } from './effectiveExposure.js';
import { requestedAmount } from './requestedAmount.js';
import { riskSnapshot, RiskSnapshotSchema } from './riskSnapshot.js';
import { slippageGuard } from './slippageGuard.js';
import type { SizingBalance } from './sizingBalanceSchema.js';
import { usableAmount } from './usableAmount.js';

/** A coin's mid price, for showing the slippage guard in real prices. */
export const PreviewMarketSchema = z.object({
  coin: z.string().min(1),
  mid: z.number(),
  szDecimals: z.number().int().min(0).max(6),
});
/** The market the Execution Preview prices its slippage guard on. */
export type PreviewMarket = z.infer<typeof PreviewMarketSchema>;

/**
 * Everything the Settings tab previews: Live Preview, Risk Snapshot
 * and Execution Preview. Balance-dependent figures are null until a balance is
 * known, so the screen shows its "connect keys" or error text instead of made-up numbers.
 */
export const SizingPreviewSchema = z.object({
  livePreview: z.object({
    requestedAmount: z.number().min(0).nullable(),
    amountAfterLimits: z.number().min(0).nullable(),
    availableBalance: z.number().nullable(),
    totalEquity: z.number().nullable(),
    cappedBy: z.enum(['maxPositionSize', 'availableBalance']).nullable(),
  }),
  riskSnapshot: RiskSnapshotSchema.nullable(),
  execution: z.object({
    leverage: z.number().min(0),
    effectiveExposure: z.number().min(0).nullable(),
    slippageTolerancePct: z.number().min(0),
    /** Guard prices on the given market; null without a market or when they cannot be computed. */
    slippageGuard: z.object({ coin: z.string(), mid: WireDecimalSchema, buy: WireDecimalSchema, sell: WireDecimalSchema }).nullable(),
    stopLoss: z.enum(['Required', 'Optional']),
  }),
});
/** The Settings tab's previews. */
export type SizingPreview = z.infer<typeof SizingPreviewSchema>;

/**
 * Computes the Settings tab's previews from the form's current values. It never throws: the form
 * may hold half-typed values, which count as 0, and a guard that cannot be priced is null.
 */
export function sizingPreview(settings: Settings, balance: SizingBalance | null, openPositions: number, market?: PreviewMarket): SizingPreview {
  const leverage = usableAmount(settings.trading.leverage);
  const slippageTolerancePct = usableAmount(settings.trading.slippageTolerance);
  const stopLoss = settings.trading.requireStopLoss ? 'Required' : 'Optional';
  const guard = market === undefined ? null : guardOn(market, slippageTolerancePct);

  if (balance === null) {
    return {
      livePreview: { requestedAmount: null, amountAfterLimits: null, availableBalance: null, totalEquity: null, cappedBy: null },
      riskSnapshot: null,
      execution: { leverage, effectiveExposure: null, slippageTolerancePct, slippageGuard: guard, stopLoss },
    };
  }
  const requested = requestedAmount(settings, balance);
  const amount = amountAfterLimits(requested, settings, balance);
  return {
    livePreview: {
      requestedAmount: requested,
      amountAfterLimits: amount,
      availableBalance: balance.availableBalance,
      totalEquity: balance.totalEquity,
      cappedBy: amountCap(requested, settings, balance),
    },
    riskSnapshot: riskSnapshot(settings, balance, openPositions),
    execution: { leverage, effectiveExposure: effectiveExposure(amount, leverage), slippageTolerancePct, slippageGuard: guard, stopLoss },
  };
}

function guardOn(market: PreviewMarket, slippagePct: number): SizingPreview['execution']['slippageGuard'] {
  try {
    return { coin: market.coin, mid: toWireDecimal(market.mid), ...slippageGuard(market.mid, slippagePct, market.szDecimals) };
  } catch {
    return null;
  }
}
