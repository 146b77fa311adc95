import { z } from 'zod';
import { SettingsSchema } from '../settings/settingsSchema.js';
import { EVM_ADDRESS_PATTERN } from '../shared/hexPatterns.js';
import { eventSchema } from './envelope.js';
import { EntityIdSchema, IsoTimestampSchema, Sha256HexSchema } from './primitives.js';
import { SealedSchema } from './sealed.js';
import { PaperBalanceSchema, StrategyIdSchema, StrategyNameSchema, StrategyVenueSchema } from '../strategies/strategyIds.js';
import { MAX_NOTIFICATION_CHANNELS, StoredNotificationChannelSchema } from '../notifications/notificationChannels.js';
import { DailySummarySentSchema, NotificationPreferencesUpdatedSchema, StrategySilenceNoticedSchema } from '../notifications/notificationPreferenceEvents.js';

const evmAddress = z.string().regex(EVM_ADDRESS_PATTERN, 'Expected 0x followed by 40 hexadecimal characters');

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
    email: z.email().max(320).refine((e) => e === e.toLowerCase(), 'Email must be lower-cased'),
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

/**
 * Exchange credentials were saved or replaced. Addresses keep the case the user typed
 * (a checksummed address is what they recognise); every comparison is case-insensitive.
 * The private key is only ever present sealed.
 */
export const CredentialsSavedSchema = eventSchema(
  'CredentialsSaved',
  1,
  z.object({
    apiWalletAddress: evmAddress,
    accountAddress: evmAddress,
    isTestnet: z.boolean(),
    sealedPrivateKey: SealedSchema,
    at: IsoTimestampSchema,
    /**
     * Where the main account keeps its collateral, as the venue said when the keys were saved
     * (`standard`: the perp clearinghouse; `unified`: spot). Absent when it could not be read then
     * (and on events written before it was recorded): the executor reads it on the first order.
     */
    accountMode: z.enum(['standard', 'unified']).optional(),
  }),
);
/** CredentialsSaved event. */
export type CredentialsSaved = z.infer<typeof CredentialsSavedSchema>;

/**
 * Credentials were deleted and the data key `dataKeyId` destroyed (crypto-shredding): every sealed
 * copy of the private key left in the log is unreadable from now on.
 */
export const CredentialsDeletedSchema = eventSchema(
  'CredentialsDeleted',
  1,
  z.object({ dataKeyId: z.string().min(1).max(200), at: IsoTimestampSchema }),
);
/** CredentialsDeleted event. */
export type CredentialsDeleted = z.infer<typeof CredentialsDeletedSchema>;

/**
 * The user saved new settings; `settings` is the whole validated object. `strategyId` names the
 * strategy they belong to; absent, the first strategy's (the spec's settings).
 */
export const SettingsUpdatedSchema = eventSchema(
  'SettingsUpdated',
  1,
  z.object({ settings: SettingsSchema, at: IsoTimestampSchema, strategyId: StrategyIdSchema.optional() }),
);
/** SettingsUpdated event. */
export type SettingsUpdated = z.infer<typeof SettingsUpdatedSchema>;

/** The user restored the defaults; `settings` records the defaults of that day, so replays stay exact if they change. */
export const SettingsResetSchema = eventSchema(
  'SettingsReset',
  1,
  z.object({ settings: SettingsSchema, at: IsoTimestampSchema, strategyId: StrategyIdSchema.optional() }),
);
/** SettingsReset event. */
export type SettingsReset = z.infer<typeof SettingsResetSchema>;

/** Free-form JSON a client may attach to referral calls; bounded to keep the log lean. */
export const ReferralMetadataSchema = z
  .record(z.string().max(100), z.json())
  .refine((m) => Object.keys(m).length <= 50, 'At most 50 metadata keys')
  .refine((m) => JSON.stringify(m).length <= 4096, 'Metadata must be at most 4 KiB of JSON');
/** Referral metadata. */
export type ReferralMetadata = z.infer<typeof ReferralMetadataSchema>;

/** The user reported joining the exchange through the referral. */
export const ReferralSelfReportedSchema = eventSchema(
  'ReferralSelfReported',
  1,
  z.object({ joinedViaReferral: z.literal(true), extra: ReferralMetadataSchema.optional(), at: IsoTimestampSchema }),
);
/** ReferralSelfReported event. */
export type ReferralSelfReported = z.infer<typeof ReferralSelfReportedSchema>;

/** The user declined the referral, with their reason. */
export const ReferralDeclinedSchema = eventSchema(
  'ReferralDeclined',
  1,
  z.object({ reason: z.string().min(1).max(500), at: IsoTimestampSchema }),
);
/** ReferralDeclined event. */
export type ReferralDeclined = z.infer<typeof ReferralDeclinedSchema>;

/** The user followed the referral join link. */
export const ReferralJoinClickedSchema = eventSchema('ReferralJoinClicked', 1, z.object({ at: IsoTimestampSchema }));
/** ReferralJoinClicked event. */
export type ReferralJoinClicked = z.infer<typeof ReferralJoinClickedSchema>;

/**
 * A client-side referral event. The API body's `type` is stored as `eventType`,
 * so it cannot be mistaken for the envelope's own `type`.
 */
export const ReferralEventLoggedSchema = eventSchema(
  'ReferralEventLogged',
  1,
  z.object({ eventType: z.string().min(1).max(100), metadata: ReferralMetadataSchema, at: IsoTimestampSchema }),
);
/** ReferralEventLogged event. */
export type ReferralEventLogged = z.infer<typeof ReferralEventLoggedSchema>;

/** Web-push keys of a browser subscription (base64url, as PushSubscription#toJSON gives them). */
export const PushKeysSchema = z.object({
  p256dh: z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).min(16).max(200),
  auth: z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).min(8).max(100),
});

/** A browser opted in to push notifications; the endpoint identifies it. */
export const PushSubscriptionAddedSchema = eventSchema(
  'PushSubscriptionAdded',
  1,
  z.object({ endpoint: z.url({ protocol: /^https$/ }).max(2048), keys: PushKeysSchema, at: IsoTimestampSchema }),
);
/** PushSubscriptionAdded event. */
export type PushSubscriptionAdded = z.infer<typeof PushSubscriptionAddedSchema>;

/** A push subscription was removed (opt-out, or the push service answered 404/410). */
export const PushSubscriptionRemovedSchema = eventSchema(
  'PushSubscriptionRemoved',
  1,
  z.object({ endpoint: z.url({ protocol: /^https$/ }).max(2048), at: IsoTimestampSchema }),
);
/** PushSubscriptionRemoved event. */
export type PushSubscriptionRemoved = z.infer<typeof PushSubscriptionRemovedSchema>;

/** A session token (by its `jti`) was revoked before its expiry, e.g. on logout. */
export const SessionRevokedSchema = eventSchema(
  'SessionRevoked',
  1,
  z.object({ jti: z.string().min(1).max(200), expiresAt: IsoTimestampSchema, at: IsoTimestampSchema }),
);
/** SessionRevoked event. */
export type SessionRevoked = z.infer<typeof SessionRevokedSchema>;

/**
 * The trader stopped all trading at once (the kill switch): from now on every alert is logged,
 * marked paused and never traded, until TradingResumed. Orders already sent are not undone.
 */
export const TradingPausedSchema = eventSchema('TradingPaused', 1, z.object({ at: IsoTimestampSchema }));
/** TradingPaused event. */
export type TradingPaused = z.infer<typeof TradingPausedSchema>;

/** The trader ended the kill switch: alerts received from now on are traded again. */
export const TradingResumedSchema = eventSchema('TradingResumed', 1, z.object({ at: IsoTimestampSchema }));
/** TradingResumed event. */
export type TradingResumed = z.infer<typeof TradingResumedSchema>;

/**
 * The trader asked to close every open position at once ("close all positions", typed
 * confirmation): `coins` were open when asked, and each got a reduce-only market close of its own
 * (signal `signalIds[i]`, with its own log row and result).
 */
export const CloseAllRequestedSchema = eventSchema(
  'CloseAllRequested',
  1,
  z.object({ at: IsoTimestampSchema, coins: z.array(z.string().min(1).max(50)).max(500), signalIds: z.array(z.string().min(1).max(200)).max(500) }),
);
/** CloseAllRequested event. */
export type CloseAllRequested = z.infer<typeof CloseAllRequestedSchema>;

/**
 * A strategy was created: a name, a venue and, but for the first strategy, its own settings (the
 * defaults of that day) and webhook URL (a WebhookSecretRotated with its id in the same append).
 * The first strategy is created at sign-up; an account older than strategies gets it with
 * `migrated: true`, its settings and webhook URL being the account's own, unchanged.
 */
export const StrategyCreatedSchema = eventSchema(
  'StrategyCreated',
  1,
  z.object({
    strategyId: StrategyIdSchema,
    name: StrategyNameSchema,
    venue: StrategyVenueSchema,
    /** A paper strategy's starting balance in USDC (venue `paper` only). */
    paperBalance: PaperBalanceSchema.optional(),
    settings: SettingsSchema.optional(),
    migrated: z.literal(true).optional(),
    at: IsoTimestampSchema,
  }),
);
/** StrategyCreated event. */
export type StrategyCreated = z.infer<typeof StrategyCreatedSchema>;

/** A strategy was renamed. */
export const StrategyRenamedSchema = eventSchema('StrategyRenamed', 1, z.object({ strategyId: StrategyIdSchema, name: StrategyNameSchema, at: IsoTimestampSchema }));
/** StrategyRenamed event. */
export type StrategyRenamed = z.infer<typeof StrategyRenamedSchema>;

/** A strategy was paused: its alerts are logged, marked paused and never traded, until StrategyResumed. */
export const StrategyPausedSchema = eventSchema('StrategyPaused', 1, z.object({ strategyId: StrategyIdSchema, at: IsoTimestampSchema }));
/** StrategyPaused event. */
export type StrategyPaused = z.infer<typeof StrategyPausedSchema>;

/** A paused strategy trades again. */
export const StrategyResumedSchema = eventSchema('StrategyResumed', 1, z.object({ strategyId: StrategyIdSchema, at: IsoTimestampSchema }));
/** StrategyResumed event. */
export type StrategyResumed = z.infer<typeof StrategyResumedSchema>;

/** A strategy was deleted: its webhook URL stops working at once; its alerts and orders stay in the history. */
export const StrategyDeletedSchema = eventSchema('StrategyDeleted', 1, z.object({ strategyId: StrategyIdSchema, at: IsoTimestampSchema }));
/** StrategyDeleted event. */
export type StrategyDeleted = z.infer<typeof StrategyDeletedSchema>;

/**
 * A paper strategy's account starts over: its positions are gone and its balance is `balance`.
 * Fills of the paper stream recorded before it belong to the earlier run (a lower `epoch`).
 */
export const PaperAccountResetSchema = eventSchema('PaperAccountReset', 1, z.object({ strategyId: StrategyIdSchema, balance: PaperBalanceSchema, at: IsoTimestampSchema }));
/** PaperAccountReset event. */
export type PaperAccountReset = z.infer<typeof PaperAccountResetSchema>;

/** A paper strategy now trades on the trader's Hyperliquid account, with the settings it had; its paper history is kept. */
export const StrategyPromotedSchema = eventSchema('StrategyPromoted', 1, z.object({ strategyId: StrategyIdSchema, at: IsoTimestampSchema }));
/** StrategyPromoted event. */
export type StrategyPromoted = z.infer<typeof StrategyPromotedSchema>;

/**
 * A live strategy trades on a Hyperliquid sub-account of the trader's main account (issue 39,
 * point 2): its orders are signed by the same API wallet with `vaultAddress` set to it, and its
 * balance, positions, fills and risk limits are the sub-account's. `subAccountAddress` null: back
 * on the main account. The api checked the venue lists it among the main account's sub-accounts.
 */
export const StrategySubAccountBoundSchema = eventSchema(
  'StrategySubAccountBound',
  1,
  z.object({ strategyId: StrategyIdSchema, subAccountAddress: z.string().regex(EVM_ADDRESS_PATTERN).nullable(), name: z.string().max(100).optional(), at: IsoTimestampSchema }),
);
/** StrategySubAccountBound event. */
export type StrategySubAccountBound = z.infer<typeof StrategySubAccountBoundSchema>;

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

/**
 * The trader's notification channels (Telegram, Discord, an outgoing webhook) and the events each
 * gets, as a whole set that replaces the previous one (issue 30, point 2). Secrets are sealed.
 */
export const NotificationChannelsUpdatedSchema = eventSchema(
  'NotificationChannelsUpdated',
  1,
  z.object({ channels: z.array(StoredNotificationChannelSchema).max(MAX_NOTIFICATION_CHANNELS), at: IsoTimestampSchema }),
);
/** NotificationChannelsUpdated event. */
export type NotificationChannelsUpdated = z.infer<typeof NotificationChannelsUpdatedSchema>;

/** Every event of a `user-<uid>` stream. */
export const UserEventSchema = z.discriminatedUnion('type', [
  UserSignedUpSchema,
  ExternalIdentityLinkedSchema,
  WebhookSecretRotatedSchema,
  CredentialsSavedSchema,
  CredentialsDeletedSchema,
  SettingsUpdatedSchema,
  SettingsResetSchema,
  ReferralSelfReportedSchema,
  ReferralDeclinedSchema,
  ReferralJoinClickedSchema,
  ReferralEventLoggedSchema,
  PushSubscriptionAddedSchema,
  PushSubscriptionRemovedSchema,
  SessionRevokedSchema,
  IpAllowlistUpdatedSchema,
  NotificationChannelsUpdatedSchema,
  NotificationPreferencesUpdatedSchema,
  StrategySilenceNoticedSchema,
  DailySummarySentSchema,
  TradingPausedSchema,
  TradingResumedSchema,
  CloseAllRequestedSchema,
  StrategyCreatedSchema,
  StrategyRenamedSchema,
  StrategyPausedSchema,
  StrategyResumedSchema,
  StrategyDeletedSchema,
  PaperAccountResetSchema,
  StrategyPromotedSchema,
  StrategySubAccountBoundSchema,
]);
/** An event of a user stream. */
export type UserEvent = z.infer<typeof UserEventSchema>;
