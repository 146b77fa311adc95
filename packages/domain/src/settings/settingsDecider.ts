import { z } from 'zod';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { DEFAULT_SETTINGS, type Settings } from './settingsSchema.js';
import { assertNever } from '../shared/assertNever.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domainError.js';
import { requireAccount } from '../shared/requireAccount.js';
import { sameSettings, validateSettings } from './settingsValidation.js';

/**
 * Save the whole settings object. `settings` is taken as received so that the decider,
 * not a schema, produces the field-level messages of {@link validateSettings}.
 */
export const UpdateSettingsSchema = z.object({ type: z.literal('UpdateSettings'), settings: z.unknown(), at: IsoTimestampSchema });
/** Restore DEFAULT_SETTINGS. */
export const ResetSettingsSchema = z.object({ type: z.literal('ResetSettings'), at: IsoTimestampSchema });

/** Commands of the settings decider. */
export const SettingsCommandSchema = z.discriminatedUnion('type', [UpdateSettingsSchema, ResetSettingsSchema]);
/** A settings command. */
export type SettingsCommand = z.infer<typeof SettingsCommandSchema>;

/** What the settings rules need to know about a user stream. */
export interface SettingsState {
  readonly exists: boolean;
  /** Current settings: DEFAULT_SETTINGS until the user saves their own. */
  readonly settings: Settings;
}

/** The user-stream events these rules record or fold; the stream's other events pass them by. */
const SETTINGS_EVENTS = ['UserSignedUp', 'SettingsReset', 'SettingsUpdated'] as const;
/** An event of SETTINGS_EVENTS. */
type SettingsDeciderEvent = Extract<UserEvent, { type: (typeof SETTINGS_EVENTS)[number] }>;

function decide(command: SettingsCommand, state: SettingsState): SettingsDeciderEvent[] {
  switch (command.type) {
    case 'UpdateSettings': {
      requireAccount(state);
      const result = validateSettings(command.settings);
      if (!result.ok) {
        const [first] = result.error;
        throw new DomainError('INVALID_SETTINGS', 'Unable to save settings', first?.message ?? 'Invalid settings.', result.error);
      }
      // Events record changes: saving the form unchanged records nothing.
      if (sameSettings(result.value, state.settings)) return [];
      return [{ type: 'SettingsUpdated', v: 1, data: { settings: result.value, at: command.at } }];
    }
    case 'ResetSettings': {
      requireAccount(state);
      if (sameSettings(DEFAULT_SETTINGS, state.settings)) return [];
      return [{ type: 'SettingsReset', v: 1, data: { settings: copySettings(DEFAULT_SETTINGS), at: command.at } }];
    }
    default:
      return assertNever(command, 'settings command');
  }
}

/** A plain (unfrozen) copy, so events never share the frozen defaults object. */
function copySettings(settings: Settings): Settings {
  return {
    positionSizing: { ...settings.positionSizing },
    riskLimits: { ...settings.riskLimits },
    trading: { ...settings.trading },
  };
}

function evolve(state: SettingsState, event: SettingsDeciderEvent): SettingsState {
  switch (event.type) {
    case 'UserSignedUp':
      return { ...state, exists: true };
    case 'SettingsUpdated':
    case 'SettingsReset':
      // Another strategy's settings (issue 29): these rules are the first strategy's, the spec's settings.
      return event.data.strategyId === undefined ? { ...state, settings: event.data.settings } : state;
    default:
      return assertNever(event, 'user event');
  }
}

/**
 * Settings rules on `user-<uid>`: updates are validated per spec §5
 * and refused with "Unable to save settings" plus field errors; reset restores DEFAULT_SETTINGS.
 * A save or reset that changes nothing records nothing.
 */
export const settingsDecider: Decider<SettingsCommand, SettingsDeciderEvent, SettingsState> = {
  eventTypes: SETTINGS_EVENTS,
  decide,
  evolve,
  initialState: () => ({ exists: false, settings: DEFAULT_SETTINGS }),
};
