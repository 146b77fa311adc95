import { z } from 'zod';
import { eventSchema } from '../eventModel/envelope.js';
import { EntityIdSchema, IsoTimestampSchema } from '../eventModel/primitives.js';

/**
 * An email address was claimed by the account `uid`. Appended to `email-<sha256 of the lower-cased
 * email>` with expectedVersion 'no_stream', so the event store itself guarantees that two sign-ups
 * racing for one address cannot both succeed (a read-model check could not: it lags). The stream is
 * named by a hash so the address never appears in a stream name.
 */
export const EmailClaimedSchema = eventSchema('EmailClaimed', 1, z.object({ uid: EntityIdSchema, at: IsoTimestampSchema }));
/** EmailClaimed event. */
export type EmailClaimed = z.infer<typeof EmailClaimedSchema>;

/**
 * An external OpenID Connect identity (issuer + subject) was claimed by the account `uid`; appended to
 * `identity-<sha256 of issuer␟subject>` with expectedVersion 'no_stream' for the same reason as
 * {@link EmailClaimedSchema}: one identity signs in to exactly one account.
 */
export const IdentityClaimedSchema = eventSchema('IdentityClaimed', 1, z.object({ uid: EntityIdSchema, at: IsoTimestampSchema }));
/** IdentityClaimed event. */
export type IdentityClaimed = z.infer<typeof IdentityClaimedSchema>;

/** Every event of the uniqueness-reservation streams (`email-<hash>`, `identity-<hash>`). */
export const ReservationEventSchema = z.discriminatedUnion('type', [EmailClaimedSchema, IdentityClaimedSchema]);
/** An event of a reservation stream. */
export type ReservationEvent = z.infer<typeof ReservationEventSchema>;
