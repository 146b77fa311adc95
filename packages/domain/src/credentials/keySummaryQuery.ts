import { readOwnDoc, type ReadModelReader } from '../readModels/readModelReader.js';
import type { CredentialsRecord } from './credentialsRecord.js';
import { KEY_SUMMARY_COLLECTION, toCredentialsRecord, type KeySummaryData } from './keySummaryProjection.js';

/** What the API KEYS tab may know of a user's stored credentials (never the private key). */
export async function queryKeySummary(reader: ReadModelReader, uid: string): Promise<CredentialsRecord> {
  return toCredentialsRecord(await readOwnDoc<KeySummaryData>(reader, KEY_SUMMARY_COLLECTION, uid));
}
