import { DEFAULT_SETTINGS, type Settings } from './settingsSchema.js';
import { defineProjection, type ReadModelDoc } from '../readModels/readModel.js';
import { userDocId, userOfUserStream } from '../readModels/userProjection.js';

/** Read-model collection of settings. */
export const SETTINGS_COLLECTION = 'settings';

/** A user's current settings and when they last changed (null: the defaults since sign-up). */
export interface SettingsData {
  readonly settings: Settings;
  readonly updatedAt: string | null;
}

/** A settings document. */
export type SettingsDoc = ReadModelDoc<SettingsData>;

/**
 * Settings: per user, DEFAULT_SETTINGS from sign-up until changed, then the
 * latest SettingsUpdated or SettingsReset.
 */
export const settingsProjection = defineProjection<SettingsData>({
  collection: SETTINGS_COLLECTION,
  idOf: userDocId((e) => e.type === 'UserSignedUp' || e.type === 'SettingsUpdated' || e.type === 'SettingsReset'),
  userIdOf: userOfUserStream,
  evolve: (current, event) => {
    switch (event.type) {
      case 'UserSignedUp':
        return current ?? { settings: DEFAULT_SETTINGS, updatedAt: null };
      case 'SettingsUpdated':
      case 'SettingsReset':
        // The spec's settings are the first strategy's; another strategy's live in the strategies read model.
        return event.data.strategyId === undefined ? { settings: event.data.settings, updatedAt: event.data.at } : current;
      default:
        return current;
    }
  },
});

/** The settings GET /api/settings answers: the user's own, or DEFAULT_SETTINGS when none are stored yet. */
export function settingsOf(doc: SettingsDoc | null): Settings {
  return doc?.data.settings ?? DEFAULT_SETTINGS;
}
