import { z } from 'zod';
import { ReferralMetadataSchema } from '../referral/referralEvents.js';

/** The body of `POST /api/referral/self-report`: `joinedViaReferral: true` plus any small JSON fields. */
export const ReferralSelfReportBodySchema = z.object({ joinedViaReferral: z.literal(true) }).catchall(z.json());
/** A self-report. */
export type ReferralSelfReportBody = z.input<typeof ReferralSelfReportBodySchema>;

/** The body of `POST /api/referral/decline`: why, in the trader's words. */
export const ReferralDeclineBodySchema = z.object({ reason: z.string().max(2000) });
/** A decline. */
export type ReferralDeclineBody = z.input<typeof ReferralDeclineBodySchema>;

/** The body of `POST /api/referral/events`: a funnel event with its small metadata. */
export const ReferralEventBodySchema = z.object({ type: z.string().min(1).max(100), metadata: ReferralMetadataSchema.optional() });
/** A funnel event. */
export type ReferralEventBody = z.input<typeof ReferralEventBodySchema>;
