import { z } from 'zod';
import { IsoTimestampSchema, Sha256HexSchema, EntityIdSchema } from '../eventModel/primitives.js';
import { SealedSchema } from '../eventModel/sealed.js';
import { IpAllowlistEntrySchema } from './userEvents.js';
import { type UserEvent } from '../eventModel/userStreamEvents.js';
import { assertNever } from '../shared/assertNever.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domainError.js';
import { requireAccount } from '../shared/requireAccount.js';
import { FIRST_STRATEGY_ID, FIRST_STRATEGY_NAME } from '../eventModel/strategyIds.js';
import { normaliseEmail, passwordTooShort, PASSWORD_MIN_LENGTH } from './signUpInput.js';

/** Most entries an IP allowlist may hold. */
export const MAX_IP_ALLOWLIST_ENTRIES = 50;

const WebhookSecretSchema = z.object({ secretHash: Sha256HexSchema, sealedSecret: SealedSchema });

/**
 * How the new account proves its identity: a password (hashed outside the domain; its length is
 * counted before hashing so the decider can check the password's length), or an external OpenID Connect identity.
 */
export const SignUpCredentialSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('password'), passwordHash: z.string().startsWith('$argon2id$'), passwordLength: z.number().int().min(0) }),
  z.object({ kind: z.literal('external'), issuer: z.url(), subject: z.string().min(1).max(255), email: z.email().optional() }),
]);

/** Create the account, with its first webhook secret. */
export const SignUpSchema = z.object({
  type: z.literal('SignUp'),
  uid: EntityIdSchema,
  email: z.string(),
  credential: SignUpCredentialSchema,
  webhookSecret: WebhookSecretSchema,
  at: IsoTimestampSchema,
});
/** Link an OpenID Connect identity to an existing account. */
export const LinkExternalIdentitySchema = z.object({
  type: z.literal('LinkExternalIdentity'),
  issuer: z.url(),
  subject: z.string().min(1).max(255),
  email: z.email().optional(),
  at: IsoTimestampSchema,
});
/** Replace the webhook URL secret; the old URL stops working. */
export const RotateWebhookSecretSchema = z.object({ type: z.literal('RotateWebhookSecret'), ...WebhookSecretSchema.shape, at: IsoTimestampSchema });
/** Revoke one session token before it expires (logout). */
export const RevokeSessionSchema = z.object({
  type: z.literal('RevokeSession'),
  jti: z.string().min(1).max(200),
  expiresAt: IsoTimestampSchema,
  at: IsoTimestampSchema,
});
/** Replace the webhook source allowlist; entries are checked by the decider so each gets a clear message. */
export const UpdateIpAllowlistSchema = z.object({ type: z.literal('UpdateIpAllowlist'), ips: z.array(z.string()), at: IsoTimestampSchema });

/** Commands of the account decider. */
export const AccountCommandSchema = z.discriminatedUnion('type', [
  SignUpSchema,
  LinkExternalIdentitySchema,
  RotateWebhookSecretSchema,
  RevokeSessionSchema,
  UpdateIpAllowlistSchema,
]);
/** An account command. */
export type AccountCommand = z.infer<typeof AccountCommandSchema>;

/** What the account rules need to know about a user stream. */
export interface AccountState {
  readonly exists: boolean;
  readonly secretHash: string | null;
  /** Linked identities as `issuer␟subject`. */
  readonly identities: readonly string[];
  readonly revokedSessions: readonly string[];
  readonly ipAllowlist: readonly string[];
}

const identityKey = (issuer: string, subject: string) => `${issuer}\u241f${subject}`;

function accountExists(): DomainError {
  return new DomainError('ACCOUNT_EXISTS', 'Failed to create account', 'An account already exists for this user.');
}

function invalidAllowlist(message: string, field = 'ips'): DomainError {
  return new DomainError('INVALID_IP_ALLOWLIST', 'Invalid IP allowlist', message, [{ field, message }]);
}

/** Trims, lower-cases (IPv6 hex) and de-duplicates entries, refusing any that is not an IP address or CIDR range. */
function normaliseAllowlist(ips: readonly string[]): string[] {
  const entries = [...new Set(ips.map((ip) => ip.trim().toLowerCase()).filter((ip) => ip !== ''))];
  if (entries.length > MAX_IP_ALLOWLIST_ENTRIES) throw invalidAllowlist(`At most ${MAX_IP_ALLOWLIST_ENTRIES} entries are allowed.`);
  entries.forEach((ip, index) => {
    if (!IpAllowlistEntrySchema.safeParse(ip).success) throw invalidAllowlist(`"${ip}" is not an IP address or CIDR range.`, `ips.${index}`);
  });
  return entries;
}

/** The user-stream events these rules record or fold; the stream's other events pass them by. */
const ACCOUNT_EVENTS = ['UserSignedUp', 'ExternalIdentityLinked', 'IpAllowlistUpdated', 'SessionRevoked', 'WebhookSecretRotated', 'StrategyCreated'] as const;
/** An event of ACCOUNT_EVENTS. */
type AccountDeciderEvent = Extract<UserEvent, { type: (typeof ACCOUNT_EVENTS)[number] }>;

function decide(command: AccountCommand, state: AccountState): AccountDeciderEvent[] {
  switch (command.type) {
    case 'SignUp': {
      if (state.exists) throw accountExists();
      const email = normaliseEmail(command.email);
      if (!email.ok) throw email.error;
      const { credential } = command;
      if (credential.kind === 'password' && credential.passwordLength < PASSWORD_MIN_LENGTH) throw passwordTooShort();
      const events: AccountDeciderEvent[] = [
        {
          type: 'UserSignedUp',
          v: 1,
          data: { uid: command.uid, email: email.value, passwordHash: credential.kind === 'password' ? credential.passwordHash : null, at: command.at },
        },
      ];
      if (credential.kind === 'external') {
        events.push({
          type: 'ExternalIdentityLinked',
          v: 1,
          data: {
            issuer: credential.issuer,
            subject: credential.subject,
            ...(credential.email ? { email: credential.email.toLowerCase() } : {}),
            at: command.at,
          },
        });
      }
      events.push({ type: 'WebhookSecretRotated', v: 1, data: { ...command.webhookSecret, at: command.at } });
      // The account's first strategy (issue 29): the webhook URL and settings above are its own.
      events.push({ type: 'StrategyCreated', v: 1, data: { strategyId: FIRST_STRATEGY_ID, name: FIRST_STRATEGY_NAME, venue: 'live', at: command.at } });
      return events;
    }
    case 'LinkExternalIdentity': {
      requireAccount(state);
      if (state.identities.includes(identityKey(command.issuer, command.subject))) return [];
      return [
        {
          type: 'ExternalIdentityLinked',
          v: 1,
          data: { issuer: command.issuer, subject: command.subject, ...(command.email ? { email: command.email.toLowerCase() } : {}), at: command.at },
        },
      ];
    }
    case 'RotateWebhookSecret': {
      requireAccount(state);
      if (command.secretHash === state.secretHash) {
        // Same hash would leave the old URL working, which is exactly what rotation must prevent.
        throw new DomainError('WEBHOOK_SECRET_UNCHANGED', 'Unable to regenerate webhook', 'The new webhook secret must differ from the current one.');
      }
      return [{ type: 'WebhookSecretRotated', v: 1, data: { secretHash: command.secretHash, sealedSecret: command.sealedSecret, at: command.at } }];
    }
    case 'RevokeSession': {
      requireAccount(state);
      // Already revoked, or already expired: there is nothing left to revoke.
      if (state.revokedSessions.includes(command.jti) || Date.parse(command.expiresAt) <= Date.parse(command.at)) return [];
      return [{ type: 'SessionRevoked', v: 1, data: { jti: command.jti, expiresAt: command.expiresAt, at: command.at } }];
    }
    case 'UpdateIpAllowlist': {
      requireAccount(state);
      const ips = normaliseAllowlist(command.ips);
      const unchanged = ips.length === state.ipAllowlist.length && ips.every((ip) => state.ipAllowlist.includes(ip));
      return unchanged ? [] : [{ type: 'IpAllowlistUpdated', v: 1, data: { ips, at: command.at } }];
    }
    default:
      return assertNever(command, 'account command');
  }
}

function evolve(state: AccountState, event: AccountDeciderEvent): AccountState {
  switch (event.type) {
    case 'UserSignedUp':
      return { ...state, exists: true };
    case 'ExternalIdentityLinked':
      return { ...state, identities: [...state.identities, identityKey(event.data.issuer, event.data.subject)] };
    case 'WebhookSecretRotated':
      // Another strategy's URL (issue 29): the account's own URL is the first strategy's.
      return event.data.strategyId === undefined ? { ...state, secretHash: event.data.secretHash } : state;
    case 'SessionRevoked':
      return { ...state, revokedSessions: [...state.revokedSessions, event.data.jti] };
    case 'IpAllowlistUpdated':
      return { ...state, ipAllowlist: event.data.ips };
    case 'StrategyCreated':
      return state;
    default:
      return assertNever(event, 'user event');
  }
}

/**
 * Account rules on `user-<uid>`: sign-up (a second sign-up on the stream is
 * refused), external identities, webhook secret rotation, session revocation and the
 * webhook IP allowlist.
 */
export const accountDecider: Decider<AccountCommand, AccountDeciderEvent, AccountState> = {
  eventTypes: ACCOUNT_EVENTS,
  decide,
  evolve,
  initialState: () => ({ exists: false, secretHash: null, identities: [], revokedSessions: [], ipAllowlist: [] }),
};
