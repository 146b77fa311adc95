import { EntityIdSchema } from './primitives.js';

/** The three stream categories of ARCHITECTURE §4. */
/**
 * The stream categories: the three of ARCHITECTURE §4, plus the uniqueness reservations
 * `email-<hash>` and `identity-<hash>` (see reservationEvents.ts).
 */
export type StreamCategory = 'user' | 'signal' | 'account' | 'email' | 'identity';

function streamName(category: StreamCategory, id: string): string {
  // Ids are checked so that a stream name always parses back to the same (category, id).
  EntityIdSchema.parse(id);
  return `${category}-${id}`;
}

/** `user-<uid>`: account, webhook secret, credentials, settings, referral, push subscriptions, sessions. */
export function userStreamId(uid: string): string {
  return streamName('user', uid);
}

/** `signal-<signalId>`: one alert's life. */
export function signalStreamId(signalId: string): string {
  return streamName('signal', signalId);
}

/** `account-<uid>`: exchange fills and position / balance snapshots. */
export function accountStreamId(uid: string): string {
  return streamName('account', uid);
}

/** `email-<emailHash>`: the claim of one email address; `emailHash` is the hex SHA-256 of the lower-cased address. */
export function emailClaimStreamId(emailHash: string): string {
  return streamName('email', emailHash);
}

/** `identity-<identityHash>`: the claim of one OpenID Connect identity; `identityHash` is the hex SHA-256 of `issuer␟subject`. */
export function identityClaimStreamId(identityHash: string): string {
  return streamName('identity', identityHash);
}

/** Splits a stream name into category and id; null for a name that is not one of ours. */
export function parseStreamId(streamId: string): { category: StreamCategory; id: string } | null {
  const dash = streamId.indexOf('-');
  if (dash < 0) return null;
  const category = streamId.slice(0, dash);
  const id = streamId.slice(dash + 1);
  if (category !== 'user' && category !== 'signal' && category !== 'account' && category !== 'email' && category !== 'identity') return null;
  return EntityIdSchema.safeParse(id).success ? { category, id } : null;
}
