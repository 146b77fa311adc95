import { defineLiveReadModel, wholeSnapshot } from '../readModels/liveReadModel.js';
import { CredentialsRecordSchema } from './credentialsRecord.js';
import { KEY_SUMMARY_COLLECTION, toCredentialsRecord } from './keySummaryProjection.js';
import { queryKeySummary } from './keySummaryQuery.js';

/** The key summary, live, as GET /api/keys answers it (never a private key); `keys` in the resync. */
export const keySummaryLive = defineLiveReadModel({
  kind: KEY_SUMMARY_COLLECTION,
  snapshotKey: 'keys',
  view: CredentialsRecordSchema,
  toView: toCredentialsRecord,
  read: queryKeySummary,
  snapshot: wholeSnapshot(CredentialsRecordSchema),
});
