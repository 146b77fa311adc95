import { defineLiveReadModel } from '../readModels/liveReadModel.js';
import { toCredentialsRecord } from './keySummaryProjection.js';
import { queryKeySummary } from './keySummaryQuery.js';
import { keySummaryLiveShape } from './keySummaryLiveShape.js';

/** The server's half of {@link keySummaryLiveShape}: how a stored document becomes its view, and how a resync reads it. */
export const keySummaryLive = defineLiveReadModel(keySummaryLiveShape, {
  toView: toCredentialsRecord,
  read: queryKeySummary,
});
