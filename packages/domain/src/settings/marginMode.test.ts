import { describe, expect, it } from 'vitest';
import { sameSettings, validateSettings } from './settingsValidation.js';
import { safeParseEvent } from '../eventModel/parseEvent.js';
import { marginModeOf, venueMarginMode } from './marginMode.js';
import { DEFAULT_SETTINGS, type Settings } from './settingsSchema.js';

const OLD_TRADING = { leverage: 3, slippageTolerance: 0.5, requireStopLoss: false };
const withMode = (marginMode?: unknown) => ({ ...DEFAULT_SETTINGS, trading: { ...OLD_TRADING, ...(marginMode === undefined ? {} : { marginMode }) } });

describe("margin mode in a strategy's settings (issue 39.2)", () => {
  it('issue 39.2: given a SettingsUpdated stored before margin modes, when read today, then it parses unchanged and trades cross', () => {
    // given
    const stored = { type: 'SettingsUpdated', v: 1, data: { settings: withMode(), at: '2026-11-22T09:20:27.295Z', strategyId: 'st_Qm3xT9vLp2Rk7wZa' } };
    // when
    const read = safeParseEvent(stored);
    // then
    if (!read.ok || read.value.type !== 'SettingsUpdated') throw new Error('the stored event did not read');
    expect(read.value.data.settings.trading).toEqual(OLD_TRADING);
    expect(marginModeOf(read.value.data.settings)).toBe('cross');
  });

  it('issue 39.2: given the defaults, then a new strategy trades cross', () => {
    expect(DEFAULT_SETTINGS.trading.marginMode).toBe('cross');
    expect(marginModeOf(DEFAULT_SETTINGS)).toBe('cross');
  });

  it('issue 39.2: given isolated, when validated, then it is kept; absent stays absent and means cross', () => {
    // given / when
    const isolated = validateSettings(withMode('isolated'));
    const absent = validateSettings(withMode());
    // then
    expect(isolated.ok && isolated.value.trading.marginMode).toBe('isolated');
    expect(absent.ok && absent.value.trading).toEqual(OLD_TRADING);
  });

  it('issue 39.2: given a margin mode the venue has not, when validated, then it is refused under its field', () => {
    // given
    const input = withMode('portfolio');
    // when
    const result = validateSettings(input);
    // then
    expect(result.ok ? [] : result.error).toEqual([{ field: 'trading.marginMode', message: 'Margin mode must be cross or isolated.' }]);
  });

  it('issue 39.2: given settings without a margin mode and the same with cross, then they are the same settings; with isolated they differ', () => {
    // given
    const absent = withMode() as Settings;
    // then
    expect(sameSettings(absent, withMode('cross') as Settings)).toBe(true);
    expect(sameSettings(absent, withMode('isolated') as Settings)).toBe(false);
  });

  it('issue 39.2: given an isolated-only asset, then the venue holds it isolated whatever the strategy says', () => {
    expect(venueMarginMode('cross', true)).toBe('isolated');
    expect(venueMarginMode('cross', false)).toBe('cross');
    expect(venueMarginMode('isolated', false)).toBe('isolated');
  });
});
