import { SettingsSchema } from './settingsSchema.js';
import { defineLiveReadModel, wholeSnapshot } from '../readModels/liveReadModel.js';
import { SETTINGS_COLLECTION, settingsOf } from './settingsProjection.js';
import { querySettings } from './settingsQuery.js';

/** Settings, live: the user's settings as GET /api/settings answers them (the defaults until saved). */
export const settingsLive = defineLiveReadModel({
  kind: SETTINGS_COLLECTION,
  snapshotKey: 'settings',
  view: SettingsSchema,
  toView: settingsOf,
  read: querySettings,
  snapshot: wholeSnapshot(SettingsSchema),
});
