import { readOwnDoc, type ReadModelReader } from '../readModels/readModelReader.js';
import { ALERT_REFUSALS_COLLECTION, NO_ALERT_REFUSALS } from './alertRefusalsProjection.js';
import type { AlertRefusals } from './alertRefusalsView.js';

/** A user's counted refusals; none until intake first counts one. */
export async function queryAlertRefusals(reader: ReadModelReader, uid: string): Promise<AlertRefusals> {
  return (await readOwnDoc<AlertRefusals>(reader, ALERT_REFUSALS_COLLECTION, uid))?.data ?? NO_ALERT_REFUSALS;
}
