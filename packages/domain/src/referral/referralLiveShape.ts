import { defineLiveShape, wholeSnapshot } from '../readModels/liveReadModel.js';
import { ReferralDataSchema } from './referralInfo.js';
import { REFERRAL_COLLECTION } from './referralProjection.js';

/** Referral info, live: the stored record, without the referral code the api adds to its reads. */
export const referralLiveShape = defineLiveShape({
  kind: REFERRAL_COLLECTION,
  snapshotKey: 'referral',
  view: ReferralDataSchema,
  snapshot: wholeSnapshot(ReferralDataSchema),
});
