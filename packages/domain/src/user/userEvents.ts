import { z } from 'zod';
import { eventSchema } from '../eventModel/envelope.js';
import { EntityIdSchema, IsoTimestampSchema, Sha256HexSchema } from '../eventModel/primitives.js';
import { SealedSchema } from '../eventModel/sealed.js';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';

/**
 * An account was created. `email` is trimmed and lower-cased. `passwordHash` is the argon2id
 * string made outside the domain, or null for an account created through an external identity
 * (an ExternalIdentityLinked follows in the same append).
 */
export const UserSignedUpSchema = eventSchema(
  'UserSignedUp',
  1,
  z.object({
    uid: EntityIdSchema,
    email: z
      .email()
      .max(320)
      .refine((e) => e === e.toLowerCase(), 'Email must be lower-cased'),
    passwordHash: z.string().startsWith('$argon2id$').max(512).nullable(),
    at: IsoTimestampSchema,
  }),
);
/** UserSignedUp event. */
export type UserSignedUp = z.infer<typeof UserSignedUpSchema>;

/** An OpenID Connect identity (e.g. Google) now signs in to this account; `issuer` + `subject` identify it. */
export const ExternalIdentityLinkedSchema = eventSchema(
  'ExternalIdentityLinked',
  1,
  z.object({
    issuer: z.url().max(500),
    subject: z.string().min(1).max(255),
    email: z.email().max(320).optional(),
    at: IsoTimestampSchema,
  }),
);
/** ExternalIdentityLinked event. */
export type ExternalIdentityLinked = z.infer<typeof ExternalIdentityLinkedSchema>;

/**
 * A webhook URL secret was (re)generated; the first one is recorded at sign-up. `strategyId` names
 * the strategy whose URL it is; absent, the first strategy's (the account's URL). `secretHash`
 * (hex SHA-256 of the secret) is what intake looks up, so the previous URL stops working at once;
 * `sealedSecret` lets the api show the URL again. It is sealed under a key other than
 * the credentials' data key, so deleting API keys does not shred the webhook URL.
 */
export const WebhookSecretRotatedSchema = eventSchema(
  'WebhookSecretRotated',
  1,
  z.object({ secretHash: Sha256HexSchema, sealedSecret: SealedSchema, at: IsoTimestampSchema, strategyId: StrategyIdSchema.optional() }),
);
/** WebhookSecretRotated event. */
export type WebhookSecretRotated = z.infer<typeof WebhookSecretRotatedSchema>;

/** A session token (by its `jti`) was revoked before its expiry, e.g. on logout. */
export const SessionRevokedSchema = eventSchema(
  'SessionRevoked',
  1,
  z.object({ jti: z.string().min(1).max(200), expiresAt: IsoTimestampSchema, at: IsoTimestampSchema }),
);
/** SessionRevoked event. */
export type SessionRevoked = z.infer<typeof SessionRevokedSchema>;

/** One allowlist entry: an IPv4/IPv6 address or CIDR range. */
export const IpAllowlistEntrySchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** The set of source addresses allowed to post to the user's webhook; empty means any source. */
export const IpAllowlistUpdatedSchema = eventSchema(
  'IpAllowlistUpdated',
  1,
  z.object({ ips: z.array(IpAllowlistEntrySchema).max(50), at: IsoTimestampSchema }),
);
/** IpAllowlistUpdated event. */
export type IpAllowlistUpdated = z.infer<typeof IpAllowlistUpdatedSchema>;
