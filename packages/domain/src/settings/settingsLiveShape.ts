import { defineLiveShape, wholeSnapshot } from '../readModels/liveReadModel.js';
import { SettingsSchema } from './settingsSchema.js';
import { SETTINGS_COLLECTION } from './settingsProjection.js';

/** Settings, live: the user's settings as GET /api/settings answers them (the defaults until saved). */
export const settingsLiveShape = defineLiveShape({
  kind: SETTINGS_COLLECTION,
  snapshotKey: 'settings',
  view: SettingsSchema,
  snapshot: wholeSnapshot(SettingsSchema),
});
