import { defineLiveReadModel } from '../readModels/liveReadModel.js';
import { settingsOf } from './settingsProjection.js';
import { querySettings } from './settingsQuery.js';
import { settingsLiveShape } from './settingsLiveShape.js';

/** The server's half of {@link settingsLiveShape}: how a stored document becomes its view, and how a resync reads it. */
export const settingsLive = defineLiveReadModel(settingsLiveShape, {
  toView: settingsOf,
  read: querySettings,
});
