import { marginModeOf, validateSettings, type MarginMode, type Settings, type SizingMode } from '@hyperhook/domain';

/**
 * The settings form's values as the user types them: numbers stay text until saved, so a field
 * can be empty or half-typed ("0.") without the form fighting the user.
 */
export interface SettingsDraft {
  readonly mode: SizingMode;
  readonly value: string;
  readonly maxPositionSize: string;
  readonly maxOpenPositions: string;
  readonly leverage: string;
  readonly slippageTolerance: string;
  readonly requireStopLoss: boolean;
  readonly marginMode: MarginMode;
}

/** The form's fields, each named by the path validateSettings reports its problems under. */
export const FIELD_PATHS = {
  mode: 'positionSizing.mode',
  value: 'positionSizing.value',
  maxPositionSize: 'riskLimits.maxPositionSize',
  maxOpenPositions: 'riskLimits.maxOpenPositions',
  leverage: 'trading.leverage',
  slippageTolerance: 'trading.slippageTolerance',
  requireStopLoss: 'trading.requireStopLoss',
  marginMode: 'trading.marginMode',
} as const satisfies Record<keyof SettingsDraft, string>;

export function draftFromSettings(settings: Settings): SettingsDraft {
  return {
    mode: settings.positionSizing.mode,
    value: String(settings.positionSizing.value),
    maxPositionSize: String(settings.riskLimits.maxPositionSize),
    maxOpenPositions: String(settings.riskLimits.maxOpenPositions),
    leverage: String(settings.trading.leverage),
    slippageTolerance: String(settings.trading.slippageTolerance),
    requireStopLoss: settings.trading.requireStopLoss,
    marginMode: marginModeOf(settings),
  };
}

/** A typed number: undefined when empty (so validation says "required"), NaN when not a number. */
function typed(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** The draft as a settings object, for validateSettings and the previews. */
function candidate(draft: SettingsDraft, blank: number | undefined) {
  const number = (text: string) => typed(text) ?? blank;
  return {
    positionSizing: { mode: draft.mode, value: number(draft.value) },
    riskLimits: { maxPositionSize: number(draft.maxPositionSize), maxOpenPositions: number(draft.maxOpenPositions) },
    trading: {
      leverage: number(draft.leverage),
      slippageTolerance: number(draft.slippageTolerance),
      requireStopLoss: draft.requireStopLoss,
      marginMode: draft.marginMode,
    },
  };
}

/**
 * The draft for the previews (sizingPreview): empty or invalid numbers are NaN, which the domain
 * counts as 0, so previews follow every keystroke without ever throwing.
 */
export function draftForPreview(draft: SettingsDraft): Settings {
  return candidate(draft, Number.NaN) as Settings;
}

/** Validates the draft with the domain's rules: the settings to save, or each field's message. */
export function validateDraft(draft: SettingsDraft): { settings: Settings | null; errors: Partial<Record<keyof SettingsDraft, string>> } {
  const result = validateSettings(candidate(draft, undefined));
  if (result.ok) return { settings: result.value, errors: {} };
  const errors: Partial<Record<keyof SettingsDraft, string>> = {};
  for (const field of Object.keys(FIELD_PATHS) as (keyof SettingsDraft)[]) {
    const problem = result.error.find((e) => e.field === FIELD_PATHS[field]);
    if (problem !== undefined) errors[field] = problem.message;
  }
  return { settings: null, errors };
}

/** Two drafts hold the same values ("12.50" and "12.5" are the same number). */
export function sameDraft(a: SettingsDraft, b: SettingsDraft): boolean {
  const same = (x: string, y: string) => Object.is(typed(x), typed(y)) || x.trim() === y.trim();
  return (
    a.mode === b.mode &&
    a.requireStopLoss === b.requireStopLoss &&
    a.marginMode === b.marginMode &&
    same(a.value, b.value) &&
    same(a.maxPositionSize, b.maxPositionSize) &&
    same(a.maxOpenPositions, b.maxOpenPositions) &&
    same(a.leverage, b.leverage) &&
    same(a.slippageTolerance, b.slippageTolerance)
  );
}

/** The form's state: the draft and the server's settings it was last compared with. */
export interface DraftState {
  readonly base: Settings | null;
  readonly draft: SettingsDraft | null;
}

export const EMPTY_DRAFT: DraftState = { base: null, draft: null };

/**
 * Follows the server's settings (a load, a save's answer, a live update): an untouched form takes
 * them; a form the user has edited keeps its edits. Returns `state` itself when nothing changes.
 */
export function followServer(state: DraftState, server: Settings | undefined): DraftState {
  if (server === undefined || server === state.base) return state;
  const fresh = draftFromSettings(server);
  const untouched = state.draft === null || state.base === null || sameDraft(state.draft, draftFromSettings(state.base));
  return { base: server, draft: untouched ? fresh : state.draft };
}
