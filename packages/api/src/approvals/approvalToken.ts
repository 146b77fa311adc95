import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What an approval token is good for: one held alert of one user, until the hold expires. */
export interface ApprovalClaims {
  readonly uid: string;
  readonly logId: string;
  /** The hold's `expiresAt`, exactly as SignalHeldForApproval recorded it. */
  readonly expiresAt: string;
}

/** HMAC-SHA256 output length: a token is this many bytes, base64url. */
const TOKEN_BYTES = 32;

/**
 * The key of approval tokens, derived from the gateway's session-token key (HKDF-SHA256 with its
 * own label), so nothing new is configured, every api instance sharing the master key accepts the
 * same tokens, and a token can never be mistaken for a session token or the other way round.
 * Rotating the master key voids the links of pushes already sent, as it signs everyone out.
 */
export function approvalTokenKey(jwtSecret: Uint8Array): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), 'hyperhook:approval-token:v1', 32));
}

/** The signed text: a JSON array, so no choice of ids can make two claims sign the same bytes. */
function mac(key: Uint8Array, claims: ApprovalClaims): Buffer {
  return createHmac('sha256', key)
    .update(JSON.stringify([claims.uid, claims.logId, claims.expiresAt]), 'utf8')
    .digest();
}

/**
 * The token a push notification carries to answer one held alert without a session:
 * HMAC-SHA256 of the user, the log id and the hold's expiry, base64url. It holds no data of its
 * own: the route recomputes it from the signal stream, so it is only good for that alert of that
 * user, and only while it waits (the expiry is checked against the clock by the route).
 */
export function approvalToken(key: Uint8Array, claims: ApprovalClaims): string {
  return mac(key, claims).toString('base64url');
}

/**
 * A token as `approvalToken` writes it, and only so: 43 base64url characters, the last carrying 4
 * bits of the 32 bytes and two zero bits. A decoder ignores those two bits, so without this check
 * three other spellings of every token (its last character changed to one of the next three)
 * would pass as the same token.
 */
const CANONICAL_TOKEN = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

/** Whether `token` is the one for `claims`, compared in constant time; any other shape is simply not it. */
export function approvalTokenMatches(key: Uint8Array, claims: ApprovalClaims, token: string): boolean {
  const given = CANONICAL_TOKEN.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
  const expected = mac(key, claims);
  // Lengths are not secret (every token has 32 bytes); timingSafeEqual needs equal ones.
  return given.length === TOKEN_BYTES && timingSafeEqual(given, expected);
}
