import { ApiError } from '../http/apiError.js';
import type { ApprovalGate } from './answerApproval.js';
import { approvalTokenMatches } from './approvalToken.js';

/** The 404 of an id that names no held entry of the caller's: unknown, never held, or another user's, alike. */
export const NO_SUCH_APPROVAL = 'No alert awaiting approval with this id.';
/** The 403 of a token that is not this alert's: wrong, of another alert, or for an id that names none. */
export const INVALID_APPROVAL_LINK = 'This approval link is not valid. Open the app to answer the alert.';
/** The 403 of this alert's token once the entry stopped waiting by the clock. */
export const EXPIRED_APPROVAL_LINK = 'This approval link has expired: the alert was not answered in time.';

/** A signed-in trader answers only their own held entries; anything else is the same 404. */
export function sessionGate(uid: string): ApprovalGate {
  return (held) => {
    if (held === null || held.uid !== uid) throw new ApiError(404, NO_SUCH_APPROVAL);
  };
}

/**
 * A push notification's token answers the one held entry it was made for, until that entry's
 * expiry on the gateway's clock. A token for an id that names no held entry is compared all the
 * same (against nothing it could match) and refused with the same words as a wrong one, so a
 * caller without the token learns nothing about which ids exist or whose they are.
 */
export function tokenGate(key: Uint8Array, token: string, now: Date): ApprovalGate {
  return (held) => {
    const matches = approvalTokenMatches(key, held ?? { uid: '', logId: '', expiresAt: '' }, token);
    if (held === null || !matches) throw new ApiError(403, INVALID_APPROVAL_LINK);
    if (now.getTime() >= Date.parse(held.expiresAt)) throw new ApiError(403, EXPIRED_APPROVAL_LINK);
  };
}
