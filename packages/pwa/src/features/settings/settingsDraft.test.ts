import { DEFAULT_SETTINGS, type Settings } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { draftForPreview, draftFromSettings, EMPTY_DRAFT, followServer, sameDraft, validateDraft, type SettingsDraft } from './settingsDraft';

const saved: Settings = {
  positionSizing: { mode: 'percentage_balance', value: 12.5 },
  riskLimits: { maxPositionSize: 500, maxOpenPositions: 4 },
  trading: { leverage: 5, slippageTolerance: 0.5, requireStopLoss: true, marginMode: 'isolated' },
};
const draft = (patch: Partial<SettingsDraft> = {}): SettingsDraft => ({ ...draftFromSettings(saved), ...patch });

describe('settings draft', () => {
  it('given settings, then the draft holds them as text, and validates back to the same settings', () => {
    expect(draft()).toEqual({
      mode: 'percentage_balance',
      value: '12.5',
      maxPositionSize: '500',
      maxOpenPositions: '4',
      leverage: '5',
      slippageTolerance: '0.5',
      requireStopLoss: true,
      marginMode: 'isolated',
    });
    expect(validateDraft(draft())).toEqual({ settings: saved, errors: {} });
  });

  it("VAL-12, VAL-15, VAL-16, VAL-17, VAL-18: given empty fields, then each is required, with the domain's message under its own field", () => {
    const { settings, errors } = validateDraft(draft({ value: '', maxPositionSize: ' ', maxOpenPositions: '', leverage: '', slippageTolerance: '' }));
    expect(settings).toBeNull();
    expect(errors).toEqual({
      value: 'Percentage (%) is required.',
      maxPositionSize: 'Max Position Size (USD) is required.',
      maxOpenPositions: 'Max Open Positions is required.',
      leverage: 'Default Leverage is required.',
      slippageTolerance: 'Slippage Tolerance (%) is required.',
    });
  });

  it("VAL-12..VAL-19: given values out of range or off-step, then the domain's messages", () => {
    const { errors } = validateDraft(
      draft({ mode: 'fixed', value: '10.5', maxPositionSize: '150', maxOpenPositions: '0', leverage: '51', slippageTolerance: '0.05' }),
    );
    expect(errors).toEqual({
      value: 'Position Size (USD) must be a whole number.',
      maxPositionSize: 'Max Position Size (USD) must be a multiple of 100.',
      maxOpenPositions: 'Max Open Positions must be 1 or more.',
      leverage: 'Default Leverage cannot be more than 50.',
      slippageTolerance: 'Slippage Tolerance (%) must be a multiple of 0.1.',
    });
    expect(validateDraft(draft({ value: '100.1' })).errors.value).toBe('Percentage (%) cannot be more than 100.');
    expect(validateDraft(draft({ value: '-1' })).errors.value).toBe('Percentage (%) must be 0 or more.');
  });

  it('VAL-14: given empty or invalid numbers, then the preview settings carry NaN, which the domain counts as 0', () => {
    const preview = draftForPreview(draft({ value: '', leverage: 'abc' }));
    expect(preview.positionSizing.value).toBeNaN();
    expect(preview.trading.leverage).toBeNaN();
    expect(preview.riskLimits.maxPositionSize).toBe(500);
  });

  it('given "12.50" and "12.5", then the drafts are the same', () => {
    expect(sameDraft(draft({ value: '12.50' }), draft())).toBe(true);
    expect(sameDraft(draft({ value: '13' }), draft())).toBe(false);
    expect(sameDraft(draft({ requireStopLoss: false }), draft())).toBe(false);
  });
});

describe('following the server (live updates, saves)', () => {
  it('given no draft yet, when settings arrive, then the form takes them', () => {
    expect(followServer(EMPTY_DRAFT, saved)).toEqual({ base: saved, draft: draftFromSettings(saved) });
    expect(followServer(EMPTY_DRAFT, undefined)).toBe(EMPTY_DRAFT);
  });

  it("given an untouched form, when the server's settings change, then the form follows them", () => {
    const state = followServer(EMPTY_DRAFT, saved);
    const next = followServer(state, DEFAULT_SETTINGS);
    expect(next.draft).toEqual(draftFromSettings(DEFAULT_SETTINGS));
  });

  it("given the user's edits, when the server's settings change, then the edits are kept", () => {
    const state = { ...followServer(EMPTY_DRAFT, saved), draft: draft({ leverage: '7' }) };
    const next = followServer(state, DEFAULT_SETTINGS);
    expect(next).toEqual({ base: DEFAULT_SETTINGS, draft: draft({ leverage: '7' }) });
  });

  it('given the same settings object again, then nothing changes (no render loop)', () => {
    const state = followServer(EMPTY_DRAFT, saved);
    expect(followServer(state, saved)).toBe(state);
  });
});
