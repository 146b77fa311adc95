import { z } from 'zod';
import { ParsedAlertSchema } from '../alert/alertSchema.js';
import { CloidSchema } from '../exchange/cloidSchema.js';
import { MAX_PERP_DECIMALS } from '../exchange/constants.js';
import { SettingsSchema } from '../settings/settingsSchema.js';
import { SizingBalanceSchema } from './sizingBalanceSchema.js';

/** An open position as the exchange reports it: signed size (negative = short) and its leverage. */
export const PlanPositionSchema = z.object({
  coin: z.string().min(1),
  szi: z.number(),
  leverage: z.number(),
});
/** An open position. */
export type PlanPosition = z.infer<typeof PlanPositionSchema>;

/** The traded coin as meta describes it. */
export const PlanAssetSchema = z.object({
  coin: z.string().min(1),
  assetId: z.number().int().min(0),
  szDecimals: z.number().int().min(0).max(MAX_PERP_DECIMALS),
  maxLeverage: z.number().int().min(1),
});
/** The traded asset. */
export type PlanAsset = z.infer<typeof PlanAssetSchema>;

/** Everything planOrder needs; the executor gathers it from the alert, Settings and the exchange. */
export const PlanOrderInputSchema = z.object({
  alert: ParsedAlertSchema,
  settings: SettingsSchema,
  balance: SizingBalanceSchema,
  /**
   * The positions the alert acts on: the strategy's own (issue 39, point 1), with the leverage the
   * account holds the coin at; without `accountPositions`, the account's.
   */
  positions: z.array(PlanPositionSchema),
  /**
   * The account's positions at the venue, when `positions` are a strategy's own: Max Open Positions
   * counts these, and the order is netted against them (netToAccount).
   */
  accountPositions: z.array(PlanPositionSchema).optional(),
  asset: PlanAssetSchema,
  /** The coin's mid price; anything not positive and finite means there is no market to price against. */
  mid: z.number(),
  cloid: CloidSchema,
  /** A ladder's client order ids, one per order, the first being `cloid` (issue 41); needed only for a ladder. */
  legCloids: z.array(CloidSchema).max(20).optional(),
});
/** planOrder's input. */
export type PlanOrderInput = z.infer<typeof PlanOrderInputSchema>;
