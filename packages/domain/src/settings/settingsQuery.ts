import type { Settings } from './settingsSchema.js';
import { readOwnDoc, type ReadModelReader } from '../readModels/readModelReader.js';
import { SETTINGS_COLLECTION, settingsOf, type SettingsData } from './settingsProjection.js';

/** A user's settings; the defaults until they save their own. */
export async function querySettings(reader: ReadModelReader, uid: string): Promise<Settings> {
  return settingsOf(await readOwnDoc<SettingsData>(reader, SETTINGS_COLLECTION, uid));
}
