import { readOwnDoc, type ReadModelReader } from '../readModels/readModelReader.js';
import { WEBHOOK_ACCESS_COLLECTION, type WebhookAccessData } from './webhookAccessProjection.js';

/** The IP allowlist a user's webhook applies (empty: any sender). */
export async function queryIpAllowlist(reader: ReadModelReader, uid: string): Promise<string[]> {
  return [...((await readOwnDoc<WebhookAccessData>(reader, WEBHOOK_ACCESS_COLLECTION, uid))?.data.ipAllowlist ?? [])];
}
