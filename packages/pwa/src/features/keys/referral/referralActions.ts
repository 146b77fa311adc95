import {
  ReferralEventRecordedViewSchema,
  ReferralInfoSchema,
  type ReferralDeclineBody,
  type ReferralEventBody,
  type ReferralInfo,
  type ReferralMetadata,
  type ReferralSelfReportBody,
} from '@hyperhook/domain';
import { api } from '../../../lib/api/apiClient';
import { useSessionStore } from '../../../lib/auth/sessionStore';

/** Refused without a signed-in user. */
export const REFERRAL_UNAUTHENTICATED = 'User must be authenticated to update referral info';

/**
 * The referral actions. Decided:
 * - without a signed-in user the actions other than logging an event fail at once with the spec's
 *   error (a rejected promise) and send nothing: the screens never offer them signed out, so this
 *   is a caller's mistake, not a user's;
 * - every other failure is only logged to the console and answers null;
 * - success answers the updated referral info, for the cache.
 */
function requireSignedIn(): void {
  if (useSessionStore.getState().session === null) throw new Error(REFERRAL_UNAUTHENTICATED);
}

async function attempt(what: string, call: () => Promise<ReferralInfo>): Promise<ReferralInfo | null> {
  try {
    return await call();
  } catch (error) {
    console.error(`Referral ${what} failed`, error);
    return null;
  }
}

/** POST /api/referral/self-report `{ joinedViaReferral: true }`: the user says they joined via the referral. */
export async function reportJoinedViaReferral(): Promise<ReferralInfo | null> {
  requireSignedIn();
  return attempt('self-report', () =>
    api('/api/referral/self-report', { method: 'POST', body: { joinedViaReferral: true } satisfies ReferralSelfReportBody, schema: ReferralInfoSchema }),
  );
}

/** POST /api/referral/decline `{ reason }`: the user dismissed the referral offer. */
export async function declineReferral(reason: string): Promise<ReferralInfo | null> {
  requireSignedIn();
  return attempt('decline', () => api('/api/referral/decline', { method: 'POST', body: { reason } satisfies ReferralDeclineBody, schema: ReferralInfoSchema }));
}

/** POST /api/referral/join-click, no body: the user followed the "Join Hyperliquid" link. */
export async function clickReferralJoin(): Promise<ReferralInfo | null> {
  requireSignedIn();
  return attempt('join click', () => api('/api/referral/join-click', { method: 'POST', schema: ReferralInfoSchema }));
}

/**
 * POST /api/referral/events `{ type, metadata }`. Logging needs no user (the api acknowledges
 * anonymous events without recording them); answers whether it was recorded, false on failure.
 */
export async function logReferralEvent(type: string, metadata: ReferralMetadata = {}): Promise<boolean> {
  try {
    const answer = await api('/api/referral/events', {
      method: 'POST',
      body: { type, metadata } satisfies ReferralEventBody,
      schema: ReferralEventRecordedViewSchema,
    });
    return answer.recorded;
  } catch (error) {
    console.error('Referral event log failed', error);
    return false;
  }
}
