import { defineLiveReadModel, wholeSnapshot } from '../readModels/liveReadModel.js';
import { ReferralDataSchema } from './referralInfo.js';
import { REFERRAL_COLLECTION, referralInfoOf } from './referralProjection.js';
import { queryReferral } from './referralQuery.js';

/** Referral info, live: the stored record, without the referral code the api adds to its reads. */
export const referralLive = defineLiveReadModel({
  kind: REFERRAL_COLLECTION,
  snapshotKey: 'referral',
  view: ReferralDataSchema,
  toView: referralInfoOf,
  read: queryReferral,
  snapshot: wholeSnapshot(ReferralDataSchema),
});
