import type { ReferralData } from './referralInfo.js';
import { defineProjection, type ReadModelDoc } from '../readModels/readModel.js';
import { userDocId, userOfUserStream } from '../readModels/userProjection.js';

/** Read-model collection of referral info. */
export const REFERRAL_COLLECTION = 'referral';

/** A referral document. */
export type ReferralDoc = ReadModelDoc<ReferralData>;

/** Referral info before any referral action. */
export const EMPTY_REFERRAL: ReferralData = Object.freeze({
  joinedViaReferral: false,
  joinedReportedAt: null,
  declinedReason: null,
  declinedAt: null,
  joinClicks: 0,
  eventsCount: 0,
  lastEventType: null,
  lastUpdatedAt: null,
});

/**
 * Referral info: per user, from sign-up (nothing reported yet) and each
 * referral action: self-report, decline (latest reason), join clicks, logged client events.
 */
export const referralProjection = defineProjection<ReferralData>({
  collection: REFERRAL_COLLECTION,
  idOf: userDocId((e) => e.type === 'UserSignedUp' || e.type.startsWith('Referral')),
  userIdOf: userOfUserStream,
  evolve: (current, event) => {
    const base = current ?? EMPTY_REFERRAL;
    switch (event.type) {
      case 'UserSignedUp':
        return base;
      case 'ReferralSelfReported':
        return { ...base, joinedViaReferral: true, joinedReportedAt: event.data.at, lastUpdatedAt: event.data.at };
      case 'ReferralDeclined':
        return { ...base, declinedReason: event.data.reason, declinedAt: event.data.at, lastUpdatedAt: event.data.at };
      case 'ReferralJoinClicked':
        return { ...base, joinClicks: base.joinClicks + 1, lastUpdatedAt: event.data.at };
      case 'ReferralEventLogged':
        return { ...base, eventsCount: base.eventsCount + 1, lastEventType: event.data.eventType, lastUpdatedAt: event.data.at };
      default:
        return current;
    }
  },
});

/** The referral info GET /api/referral answers: the stored one, or nothing reported yet. */
export function referralInfoOf(doc: ReferralDoc | null): ReferralData {
  return doc?.data ?? EMPTY_REFERRAL;
}
