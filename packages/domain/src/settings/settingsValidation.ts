import { SETTINGS_LIMITS, SETTINGS_STEPS, SettingsSchema, SizingModeSchema, VENUE_PRICE_BAND_PCT, type Settings } from './settingsSchema.js';
import { MarginModeSchema, marginModeOf } from './marginMode.js';
import type { FieldError } from '../shared/domainError.js';
import { err, ok, type Result } from '../shared/result.js';

/** Highest percentage a percentage sizing mode accepts (decided: above 100 % is refused). */
export const MAX_SIZING_PERCENTAGE = 100;

/**
 * True when `value` is a whole multiple of `step`, within float tolerance: 0.3 is a multiple of 0.1
 * although 0.3 / 0.1 is 2.9999999999999996 in binary floating point. The tolerance is relative so
 * that large amounts are judged as fairly as small ones.
 */
export function isMultipleOf(value: number, step: number): boolean {
  const quotient = value / step;
  return Math.abs(quotient - Math.round(quotient)) <= 1e-9 * Math.max(1, Math.abs(quotient));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Field labels as the settings form shows them (spec §2), so messages name what the user sees. */
const LABELS = {
  fixedValue: 'Position Size (USD)',
  percentageValue: 'Percentage (%)',
  maxPositionSize: 'Max Position Size (USD)',
  maxOpenPositions: 'Max Open Positions',
  leverage: 'Default Leverage',
  slippageTolerance: 'Slippage Tolerance (%)',
} as const;

/** Why a slippage tolerance at the venue's price band is refused, in the trader's terms. */
export const SLIPPAGE_AT_PRICE_BAND = `${LABELS.slippageTolerance} must be below ${VENUE_PRICE_BAND_PCT}: Hyperliquid rejects orders priced more than ${VENUE_PRICE_BAND_PCT}% away from the market price.`;

/**
 * Checks a number field: present, a finite number, at least `min`. Returns the problem, or
 * null and the number. Numbers sent as strings are refused: the form sends numbers.
 */
function numberField(value: unknown, label: string, min: number): { error: string } | { value: number } {
  if (value === undefined || value === null || value === '') return { error: `${label} is required.` };
  if (typeof value !== 'number' || !Number.isFinite(value)) return { error: `${label} must be a number.` };
  if (value < min) return { error: `${label} must be ${min} or more.` };
  return { value };
}

/**
 * Validates a whole settings object as PUT /api/settings receives it (spec §5, VAL-12..VAL-19):
 * sizing value required, ≥ 0, step 1 in fixed mode and 0.1 in percentage modes, percentages at
 * most 100; Max Position Size ≥ 0 in steps of 100; Max Open Positions an integer ≥ 1; Default
 * Leverage an integer from 1 to 50; Slippage Tolerance from 0 to below the venue's 80 % price band
 * (issue 39.4) in steps of 0.1;
 * require-stop-loss a boolean; margin mode, when given, cross or isolated. Every problem is reported with its field path and a sentence;
 * unknown keys are dropped.
 */
export function validateSettings(input: unknown): Result<Settings, readonly FieldError[]> {
  if (!isObject(input)) return err([{ field: '', message: 'Settings must be an object.' }]);
  const errors: FieldError[] = [];
  const problem = (field: string, message: string) => errors.push({ field, message });

  const sizing = isObject(input.positionSizing) ? input.positionSizing : {};
  const risk = isObject(input.riskLimits) ? input.riskLimits : {};
  const trading = isObject(input.trading) ? input.trading : {};

  const mode = SizingModeSchema.safeParse(sizing.mode);
  if (!mode.success) problem('positionSizing.mode', 'Sizing mode must be fixed, percentage_balance or percentage_equity.');
  const percentage = mode.success && mode.data !== 'fixed';
  const valueLabel = percentage ? LABELS.percentageValue : LABELS.fixedValue;
  const value = numberField(sizing.value, valueLabel, 0);
  if ('error' in value) problem('positionSizing.value', value.error);
  else if (mode.success) {
    if (percentage && value.value > MAX_SIZING_PERCENTAGE) problem('positionSizing.value', `${valueLabel} cannot be more than ${MAX_SIZING_PERCENTAGE}.`);
    else if (percentage && !isMultipleOf(value.value, SETTINGS_STEPS.percentageValue))
      problem('positionSizing.value', `${valueLabel} must be a multiple of 0.1.`);
    else if (!percentage && !isMultipleOf(value.value, SETTINGS_STEPS.fixedValue)) problem('positionSizing.value', `${valueLabel} must be a whole number.`);
  }

  const maxPositionSize = numberField(risk.maxPositionSize, LABELS.maxPositionSize, 0);
  if ('error' in maxPositionSize) problem('riskLimits.maxPositionSize', maxPositionSize.error);
  else if (!isMultipleOf(maxPositionSize.value, SETTINGS_STEPS.maxPositionSize))
    problem('riskLimits.maxPositionSize', `${LABELS.maxPositionSize} must be a multiple of 100.`);

  const maxOpen = numberField(risk.maxOpenPositions, LABELS.maxOpenPositions, SETTINGS_LIMITS.minMaxOpenPositions);
  if ('error' in maxOpen) problem('riskLimits.maxOpenPositions', maxOpen.error);
  else if (!Number.isInteger(maxOpen.value)) problem('riskLimits.maxOpenPositions', `${LABELS.maxOpenPositions} must be a whole number.`);

  const leverage = numberField(trading.leverage, LABELS.leverage, SETTINGS_LIMITS.minLeverage);
  if ('error' in leverage) problem('trading.leverage', leverage.error);
  else if (leverage.value > SETTINGS_LIMITS.maxLeverage) problem('trading.leverage', `${LABELS.leverage} cannot be more than ${SETTINGS_LIMITS.maxLeverage}.`);
  else if (!Number.isInteger(leverage.value)) problem('trading.leverage', `${LABELS.leverage} must be a whole number.`);

  const slippage = numberField(trading.slippageTolerance, LABELS.slippageTolerance, SETTINGS_LIMITS.minSlippage);
  if ('error' in slippage) problem('trading.slippageTolerance', slippage.error);
  else if (slippage.value >= VENUE_PRICE_BAND_PCT) problem('trading.slippageTolerance', SLIPPAGE_AT_PRICE_BAND);
  else if (!isMultipleOf(slippage.value, SETTINGS_STEPS.slippageTolerance))
    problem('trading.slippageTolerance', `${LABELS.slippageTolerance} must be a multiple of 0.1.`);

  if (typeof trading.requireStopLoss !== 'boolean') problem('trading.requireStopLoss', 'Require stop-loss must be true or false.');

  // Absent is kept absent: it means cross, as in every settings object stored before issue 39.2.
  const marginMode = trading.marginMode === undefined ? undefined : MarginModeSchema.safeParse(trading.marginMode);
  if (marginMode !== undefined && !marginMode.success) problem('trading.marginMode', 'Margin mode must be cross or isolated.');

  if (
    errors.length > 0 ||
    !mode.success ||
    'error' in value ||
    'error' in maxPositionSize ||
    'error' in maxOpen ||
    'error' in leverage ||
    'error' in slippage
  ) {
    return err(errors);
  }
  // The schema is the last word on ranges and builds a clean object without unknown keys.
  const parsed = SettingsSchema.safeParse({
    positionSizing: { mode: mode.data, value: value.value },
    riskLimits: { maxPositionSize: maxPositionSize.value, maxOpenPositions: maxOpen.value },
    trading: {
      leverage: leverage.value,
      slippageTolerance: slippage.value,
      requireStopLoss: trading.requireStopLoss,
      ...(marginMode?.success === true ? { marginMode: marginMode.data } : {}),
    },
  });
  return parsed.success ? ok(parsed.data) : err(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
}

/** True when two settings objects hold the same values. */
export function sameSettings(a: Settings, b: Settings): boolean {
  return (
    a.positionSizing.mode === b.positionSizing.mode &&
    a.positionSizing.value === b.positionSizing.value &&
    a.riskLimits.maxPositionSize === b.riskLimits.maxPositionSize &&
    a.riskLimits.maxOpenPositions === b.riskLimits.maxOpenPositions &&
    a.trading.leverage === b.trading.leverage &&
    a.trading.slippageTolerance === b.trading.slippageTolerance &&
    a.trading.requireStopLoss === b.trading.requireStopLoss &&
    marginModeOf(a) === marginModeOf(b)
  );
}
