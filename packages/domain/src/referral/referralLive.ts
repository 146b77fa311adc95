import { defineLiveReadModel } from '../readModels/liveReadModel.js';
import { referralInfoOf } from './referralProjection.js';
import { queryReferral } from './referralQuery.js';
import { referralLiveShape } from './referralLiveShape.js';

/** The server's half of {@link referralLiveShape}: how a stored document becomes its view, and how a resync reads it. */
export const referralLive = defineLiveReadModel(referralLiveShape, {
  toView: referralInfoOf,
  read: queryReferral,
});
