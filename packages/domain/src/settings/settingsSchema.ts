import { z } from 'zod';
import { MarginModeSchema } from './marginMode.js';

/** Sizing modes of spec §3: a fixed USD amount, or a percentage of available balance or of total equity. */
export const SizingModeSchema = z.enum(['fixed', 'percentage_balance', 'percentage_equity']);
/** One of the three sizing modes. */
export type SizingMode = z.infer<typeof SizingModeSchema>;

/** Input steps of spec §5; the server enforces them as the form's inputs do. */
export const SETTINGS_STEPS = {
  fixedValue: 1,
  percentageValue: 0.1,
  maxPositionSize: 100,
  slippageTolerance: 0.1,
} as const;

/**
 * Hyperliquid rejects an order priced more than 80 % away from the reference price, so a slippage
 * tolerance at or past it would only ever send orders the venue refuses (issue 39.4).
 */
export const VENUE_PRICE_BAND_PCT = 80;

/** Limits of spec §5 and §9; the highest slippage is the last step below the venue's price band. */
export const SETTINGS_LIMITS = {
  minLeverage: 1,
  maxLeverage: 50,
  minSlippage: 0,
  maxSlippage: VENUE_PRICE_BAND_PCT - SETTINGS_STEPS.slippageTolerance,
  minMaxOpenPositions: 1,
} as const;

/**
 * The slippage bound settings events were stored with before issue 39.4: the schema keeps it so
 * those events stay readable; new input is held to the price band by validateSettings.
 */
const STORED_MAX_SLIPPAGE = 100;

/**
 * The settings object of spec §3, exactly as PUT /api/settings receives it and GET answers it.
 * Ranges are checked here; steps and cross-field rules by {@link validateSettings}.
 */
export const SettingsSchema = z.object({
  positionSizing: z.object({
    mode: SizingModeSchema,
    value: z.number().finite().min(0),
  }),
  riskLimits: z.object({
    maxPositionSize: z.number().finite().min(0),
    maxOpenPositions: z.number().int().min(SETTINGS_LIMITS.minMaxOpenPositions),
  }),
  trading: z.object({
    leverage: z.number().int().min(SETTINGS_LIMITS.minLeverage).max(SETTINGS_LIMITS.maxLeverage),
    slippageTolerance: z.number().finite().min(SETTINGS_LIMITS.minSlippage).max(STORED_MAX_SLIPPAGE),
    requireStopLoss: z.boolean(),
    /** Optional so settings stored before issue 39.2 still read: absent means cross (see marginModeOf). */
    marginMode: MarginModeSchema.optional(),
  }),
});
/** A user's trading settings. */
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * Defaults a new account starts with and "Reset to Defaults" restores (decided here):
 * $100 fixed, at most $1,000 per position, 3 open positions (the spec's hint), 1x leverage
 * (the templates' default), 1 % slippage (an IOC at mid would rarely fill with 0 %), stop-loss optional,
 * cross margin (the venue's default).
 */
export const DEFAULT_SETTINGS: Settings = Object.freeze({
  positionSizing: Object.freeze({ mode: 'fixed', value: 100 }),
  riskLimits: Object.freeze({ maxPositionSize: 1000, maxOpenPositions: 3 }),
  trading: Object.freeze({ leverage: 1, slippageTolerance: 1, requireStopLoss: false, marginMode: 'cross' }),
}) as Settings;
