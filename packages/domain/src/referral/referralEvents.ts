import { z } from 'zod';
import { eventSchema } from '../eventModel/envelope.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';

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
export const ReferralDeclinedSchema = eventSchema('ReferralDeclined', 1, z.object({ reason: z.string().min(1).max(500), at: IsoTimestampSchema }));
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
