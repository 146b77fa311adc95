import { describe, expect, it } from 'vitest';
import { safeParseEvent } from '../eventModel/parseEvent.js';
import { DEFAULT_SETTINGS, SETTINGS_LIMITS, type Settings } from './settingsSchema.js';
import { isMultipleOf, sameSettings, validateSettings } from './settingsValidation.js';

type Patch = { positionSizing?: Record<string, unknown>; riskLimits?: Record<string, unknown>; trading?: Record<string, unknown> };

/** DEFAULT_SETTINGS with some fields replaced (a field set to undefined is removed). */
function settingsWith(patch: Patch): Record<string, unknown> {
  return {
    positionSizing: { ...DEFAULT_SETTINGS.positionSizing, ...patch.positionSizing },
    riskLimits: { ...DEFAULT_SETTINGS.riskLimits, ...patch.riskLimits },
    trading: { ...DEFAULT_SETTINGS.trading, ...patch.trading },
  };
}

function errorsOf(input: unknown) {
  const result = validateSettings(input);
  return result.ok ? [] : result.error;
}

describe('validateSettings', () => {
  it('TAB-SET-30: the defaults are valid', () => {
    expect(validateSettings(DEFAULT_SETTINGS)).toEqual({ ok: true, value: DEFAULT_SETTINGS });
  });

  it('ENT-16: unknown keys are dropped from the validated object', () => {
    const result = validateSettings({ ...settingsWith({ trading: { extra: 1 } }), hacked: true });
    expect(result.ok && result.value).toEqual(DEFAULT_SETTINGS);
  });

  it('rejects a value that is not an object', () => {
    expect(errorsOf(null)).toEqual([{ field: '', message: 'Settings must be an object.' }]);
  });

  it('an unknown sizing mode is refused', () => {
    expect(errorsOf(settingsWith({ positionSizing: { mode: 'kelly' } }))).toEqual([
      { field: 'positionSizing.mode', message: 'Sizing mode must be fixed, percentage_balance or percentage_equity.' },
    ]);
  });

  it.each([
    [undefined, 'Position Size (USD) is required.'],
    [null, 'Position Size (USD) is required.'],
    ['100', 'Position Size (USD) must be a number.'],
    [-1, 'Position Size (USD) must be 0 or more.'],
  ])('VAL-12: sizing value %s is refused: %s', (value, message) => {
    expect(errorsOf(settingsWith({ positionSizing: { value } }))).toEqual([{ field: 'positionSizing.value', message }]);
  });

  it('VAL-12: a sizing value of 0 is accepted', () => {
    expect(errorsOf(settingsWith({ positionSizing: { value: 0 } }))).toEqual([]);
  });

  it('VAL-13: fixed mode takes whole dollars (step 1)', () => {
    expect(errorsOf(settingsWith({ positionSizing: { mode: 'fixed', value: 250 } }))).toEqual([]);
    expect(errorsOf(settingsWith({ positionSizing: { mode: 'fixed', value: 100.5 } }))).toEqual([
      { field: 'positionSizing.value', message: 'Position Size (USD) must be a whole number.' },
    ]);
  });

  it.each(['percentage_balance', 'percentage_equity'])('VAL-13: %s takes steps of 0.1, judged with float tolerance', (mode) => {
    for (const value of [0.1, 0.3, 12.5, 33.3, 99.9]) expect(errorsOf(settingsWith({ positionSizing: { mode, value } }))).toEqual([]);
    expect(errorsOf(settingsWith({ positionSizing: { mode, value: 12.25 } }))).toEqual([
      { field: 'positionSizing.value', message: 'Percentage (%) must be a multiple of 0.1.' },
    ]);
  });

  it('VAL-19: percentages above 100 are refused; 100 is accepted; fixed amounts have no such ceiling', () => {
    expect(errorsOf(settingsWith({ positionSizing: { mode: 'percentage_equity', value: 100 } }))).toEqual([]);
    expect(errorsOf(settingsWith({ positionSizing: { mode: 'percentage_balance', value: 100.1 } }))).toEqual([
      { field: 'positionSizing.value', message: 'Percentage (%) cannot be more than 100.' },
    ]);
    expect(errorsOf(settingsWith({ positionSizing: { mode: 'fixed', value: 5000 } }))).toEqual([]);
  });

  it('VAL-15: Max Position Size is required, at least 0, in steps of 100', () => {
    expect(errorsOf(settingsWith({ riskLimits: { maxPositionSize: 0 } }))).toEqual([]);
    expect(errorsOf(settingsWith({ riskLimits: { maxPositionSize: 1500 } }))).toEqual([]);
    expect(errorsOf(settingsWith({ riskLimits: { maxPositionSize: 250 } }))).toEqual([
      { field: 'riskLimits.maxPositionSize', message: 'Max Position Size (USD) must be a multiple of 100.' },
    ]);
    expect(errorsOf(settingsWith({ riskLimits: { maxPositionSize: -100 } }))).toEqual([
      { field: 'riskLimits.maxPositionSize', message: 'Max Position Size (USD) must be 0 or more.' },
    ]);
    expect(errorsOf(settingsWith({ riskLimits: { maxPositionSize: undefined } }))).toEqual([
      { field: 'riskLimits.maxPositionSize', message: 'Max Position Size (USD) is required.' },
    ]);
  });

  it('VAL-16: Max Open Positions is a required integer of at least 1', () => {
    expect(errorsOf(settingsWith({ riskLimits: { maxOpenPositions: 1 } }))).toEqual([]);
    expect(errorsOf(settingsWith({ riskLimits: { maxOpenPositions: 0 } }))).toEqual([
      { field: 'riskLimits.maxOpenPositions', message: 'Max Open Positions must be 1 or more.' },
    ]);
    expect(errorsOf(settingsWith({ riskLimits: { maxOpenPositions: 2.5 } }))).toEqual([
      { field: 'riskLimits.maxOpenPositions', message: 'Max Open Positions must be a whole number.' },
    ]);
  });

  it('VAL-17: Default Leverage is a required integer from 1 to 50', () => {
    for (const leverage of [1, 25, 50]) expect(errorsOf(settingsWith({ trading: { leverage } }))).toEqual([]);
    expect(errorsOf(settingsWith({ trading: { leverage: 0 } }))).toEqual([{ field: 'trading.leverage', message: 'Default Leverage must be 1 or more.' }]);
    expect(errorsOf(settingsWith({ trading: { leverage: 51 } }))).toEqual([{ field: 'trading.leverage', message: 'Default Leverage cannot be more than 50.' }]);
    expect(errorsOf(settingsWith({ trading: { leverage: 2.5 } }))).toEqual([
      { field: 'trading.leverage', message: 'Default Leverage must be a whole number.' },
    ]);
  });

  it('VAL-18: Slippage Tolerance is required, from 0 to below 80, in steps of 0.1', () => {
    for (const slippageTolerance of [0, 0.3, 1.1, 79.9]) expect(errorsOf(settingsWith({ trading: { slippageTolerance } }))).toEqual([]);
    expect(errorsOf(settingsWith({ trading: { slippageTolerance: -0.1 } }))).toEqual([
      { field: 'trading.slippageTolerance', message: 'Slippage Tolerance (%) must be 0 or more.' },
    ]);
    expect(errorsOf(settingsWith({ trading: { slippageTolerance: 0.35 } }))).toEqual([
      { field: 'trading.slippageTolerance', message: 'Slippage Tolerance (%) must be a multiple of 0.1.' },
    ]);
  });

  it('TAB-SET-18: require-stop-loss must be a boolean', () => {
    expect(errorsOf(settingsWith({ trading: { requireStopLoss: 'yes' } }))).toEqual([
      { field: 'trading.requireStopLoss', message: 'Require stop-loss must be true or false.' },
    ]);
  });

  it('TAB-SET-29: every problem is reported, each with its field', () => {
    expect(errorsOf({ positionSizing: { mode: 'fixed' }, riskLimits: {}, trading: { leverage: 99 } }).map((e) => e.field)).toEqual([
      'positionSizing.value',
      'riskLimits.maxPositionSize',
      'riskLimits.maxOpenPositions',
      'trading.leverage',
      'trading.slippageTolerance',
      'trading.requireStopLoss',
    ]);
  });
});

describe('isMultipleOf / sameSettings', () => {
  it('tolerates binary float error but not real remainders', () => {
    expect([isMultipleOf(0.3, 0.1), isMultipleOf(0.7, 0.1), isMultipleOf(1e9 + 0.1, 0.1), isMultipleOf(0.15, 0.1), isMultipleOf(150, 100)]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('compares every field', () => {
    const other: Settings = { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, requireStopLoss: true } };
    expect([sameSettings(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS }), sameSettings(DEFAULT_SETTINGS, other)]).toEqual([true, false]);
  });
});

describe("a slippage tolerance at the venue's 80% price band (issue 39.4)", () => {
  const BAND_MESSAGE = 'Slippage Tolerance (%) must be below 80: Hyperliquid rejects orders priced more than 80% away from the market price.';

  it.each([80, 80.1, 95, 100, 100.1])(
    'issue 39.4: given a slippage tolerance of %s %%, when validated, then it is refused with the price band named',
    (slippageTolerance) => {
      // given
      const input = settingsWith({ trading: { slippageTolerance } });
      // when
      const errors = errorsOf(input);
      // then
      expect(errors).toEqual([{ field: 'trading.slippageTolerance', message: BAND_MESSAGE }]);
    },
  );

  it('issue 39.4: given 79.9 %, the last step below the band, when validated, then it is accepted and is the highest the form offers', () => {
    // given
    const input = settingsWith({ trading: { slippageTolerance: 79.9 } });
    // when
    const result = validateSettings(input);
    // then
    expect(result.ok && result.value.trading.slippageTolerance).toBe(79.9);
    expect(SETTINGS_LIMITS.maxSlippage).toBe(79.9);
  });

  it('issue 39.4: given a SettingsUpdated stored before the band with 95 %, when read today, then it still parses with its value', () => {
    // given
    const stored = { type: 'SettingsUpdated', v: 1, data: { settings: settingsWith({ trading: { slippageTolerance: 95 } }), at: '2026-11-21T00:00:00.000Z' } };
    // when
    const read = safeParseEvent(stored);
    // then
    expect(read.ok && read.value.type === 'SettingsUpdated' && read.value.data.settings.trading.slippageTolerance).toBe(95);
  });
});
