import { ReferralInfoSchema, type ReferralInfo } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/apiClient';
import { queryKeys } from '../../../lib/queryKeys';

/**
 * GET /api/referral: the user's referral info and the code to show. A failure
 * is only logged; the referral pieces then stay hidden or generic.
 */
export const referralQueryOptions = queryOptions({
  queryKey: queryKeys.referral,
  queryFn: async (): Promise<ReferralInfo> => {
    try {
      return await api('/api/referral', { schema: ReferralInfoSchema });
    } catch (error) {
      console.error('Failed to load referral info', error);
      throw error;
    }
  },
});

/** The exchange's sign-up page with the referral code applied. */
export function referralJoinUrl(code: string): string {
  return `https://app.hyperliquid.xyz/join/${encodeURIComponent(code)}`;
}
