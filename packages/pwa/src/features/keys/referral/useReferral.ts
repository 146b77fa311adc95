import type { ReferralInfo } from '@hyperhook/domain';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { queryKeys } from '../../../lib/queryKeys';
import { useSessionStore } from '../../../lib/auth/sessionStore';
import { clickReferralJoin, declineReferral, reportJoinedViaReferral } from './referralActions';
import { referralQueryOptions } from './referralApi';

/**
 * The signed-in user's referral info. AuthProvider clears the query cache
 * when the user changes or signs out, after this component has rendered for the new user: the
 * query it observed is then gone. Re-rendering on that removal attaches a fresh query, which loads
 * for the new user, or stays empty when nobody is signed in.
 */
export function useReferralInfo() {
  const queryClient = useQueryClient();
  const uid = useSessionStore((state) => state.session?.user.uid ?? null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const hash = hashKey(queryKeys.referral);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'removed' && event.query.queryHash === hash) rerender();
    });
  }, [queryClient]);
  return useQuery({ ...referralQueryOptions, enabled: uid !== null });
}

/** The referral actions, each writing the info it answers into the cache (failures answer null and change nothing). */
export function useReferralActions() {
  const queryClient = useQueryClient();
  const keep = (info: ReferralInfo | null) => {
    if (info !== null) queryClient.setQueryData(queryKeys.referral, info);
    return info;
  };
  return {
    reportJoined: async () => keep(await reportJoinedViaReferral()),
    decline: async (reason: string) => keep(await declineReferral(reason)),
    clickJoin: async () => keep(await clickReferralJoin()),
  };
}
