import { EMPTY_REFERRAL, type ReferralInfo } from '@hyperhook/domain';

/** Referral info as GET /api/referral answers it: nothing reported yet. */
export function referralInfo(overrides: Partial<ReferralInfo> = {}): ReferralInfo {
  return {
    referralCode: 'HYPERHOOK',
    ...EMPTY_REFERRAL,
    ...overrides,
  };
}
