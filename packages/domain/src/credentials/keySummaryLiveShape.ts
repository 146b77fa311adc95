import { defineLiveShape, wholeSnapshot } from '../readModels/liveReadModel.js';
import { CredentialsRecordSchema } from './credentialsRecord.js';
import { KEY_SUMMARY_COLLECTION } from './keySummaryProjection.js';

/** The key summary, live, as GET /api/keys answers it (never a private key); `keys` in the resync. */
export const keySummaryLiveShape = defineLiveShape({
  kind: KEY_SUMMARY_COLLECTION,
  snapshotKey: 'keys',
  view: CredentialsRecordSchema,
  snapshot: wholeSnapshot(CredentialsRecordSchema),
});
