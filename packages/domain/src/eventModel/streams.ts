import { EntityIdSchema } from './primitives.js';

/**
 * The categories of streams that hold domain events: the three of ARCHITECTURE §4, the paper
 * accounts `paper-<uid>` (issue 30), a user's uploaded backtests `backtest-<uid>` (issue 43), and
 * the uniqueness reservations `email-<hash>` and `identity-<hash>` (see reservationEvents.ts).
 */
export type StreamCategory = 'user' | 'signal' | 'account' | 'paper' | 'backtest' | 'email' | 'identity';

const DOMAIN_CATEGORIES: ReadonlySet<string> = new Set<StreamCategory>(['user', 'signal', 'account', 'paper', 'backtest', 'email', 'identity']);

/**
 * Intake's dedupe claims, `dedupe-<claimId>`: they share the log with the domain streams so a
 * claim and its signal are created in one append, but they hold no domain events; readers of
 * the whole log (the projector) pass them by on this category.
 */
export const DEDUPE_CLAIM_CATEGORY = 'dedupe';

/** Every category of stream in the log. */
export type LogStreamCategory = StreamCategory | typeof DEDUPE_CLAIM_CATEGORY;

/** What every stream name of `category` starts with, for subscriptions filtered by prefix. */
export function streamPrefix(category: LogStreamCategory): string {
  return `${category}-`;
}

function streamName(category: LogStreamCategory, id: string): string {
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

/** `paper-<uid>`: the fills and account snapshots of a user's paper strategies, apart from the real account's. */
export function paperStreamId(uid: string): string {
  return streamName('paper', uid);
}

/**
 * `backtest-<uid>`: the Strategy Tester exports a user uploaded (issue 43, point 2), apart from the
 * user stream every command of theirs reads: an upload holds up to thousands of trades.
 */
export function backtestStreamId(uid: string): string {
  return streamName('backtest', uid);
}

/** `email-<emailHash>`: the claim of one email address; `emailHash` is the hex SHA-256 of the lower-cased address. */
export function emailClaimStreamId(emailHash: string): string {
  return streamName('email', emailHash);
}

/** `identity-<identityHash>`: the claim of one OpenID Connect identity; `identityHash` is the hex SHA-256 of `issuer␟subject`. */
export function identityClaimStreamId(identityHash: string): string {
  return streamName('identity', identityHash);
}

/** `dedupe-<claimId>`: the claim of one alert's dedupe key (not a domain stream). */
export function dedupeClaimStreamId(claimId: string): string {
  return streamName(DEDUPE_CLAIM_CATEGORY, claimId);
}

/** Splits the name of a domain stream into category and id; null for any other name (a dedupe claim included). */
export function parseStreamId(streamId: string): { category: StreamCategory; id: string } | null {
  const dash = streamId.indexOf('-');
  if (dash < 0) return null;
  const category = streamId.slice(0, dash);
  const id = streamId.slice(dash + 1);
  if (!DOMAIN_CATEGORIES.has(category)) return null;
  return EntityIdSchema.safeParse(id).success ? { category: category as StreamCategory, id } : null;
}

/** True for a stream of a category the log holds but that carries no domain events. */
export function isNonDomainStream(streamId: string): boolean {
  return streamId.startsWith(streamPrefix(DEDUPE_CLAIM_CATEGORY));
}
