import type { ReferralInfo } from '@hyperhook/domain';

/** Referral info as GET /api/referral answers it: nothing reported yet. */
export function referralInfo(overrides: Partial<ReferralInfo> = {}): ReferralInfo {
  return {
    referralCode: 'HYPERHOOK',
    joinedViaReferral: false,
    joinedReportedAt: null,
    declinedReason: null,
    declinedAt: null,
    joinClicks: 0,
    eventsCount: 0,
    lastEventType: null,
    lastUpdatedAt: null,
    ...overrides,
  };
}
