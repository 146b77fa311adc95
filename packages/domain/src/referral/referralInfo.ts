import { z } from 'zod';

/** A user's referral info, as the referral read model stores it. */
export const ReferralDataSchema = z.object({
  joinedViaReferral: z.boolean(),
  joinedReportedAt: z.string().nullable(),
  declinedReason: z.string().nullable(),
  declinedAt: z.string().nullable(),
  joinClicks: z.number(),
  eventsCount: z.number(),
  lastEventType: z.string().nullable(),
  /** Time of the latest referral action, ISO-8601. */
  lastUpdatedAt: z.string().nullable(),
});
/** Stored referral info. */
export type ReferralData = z.infer<typeof ReferralDataSchema>;

/** `GET /api/referral` and every referral action's answer: the stored info plus the code to show. */
export const ReferralInfoSchema = ReferralDataSchema.extend({ referralCode: z.string() });
/** Referral info as the api answers it. */
export type ReferralInfo = z.infer<typeof ReferralInfoSchema>;

/** `POST /api/referral/events`'s answer: false for an anonymous caller, whose event is acknowledged, not recorded. */
export const ReferralEventRecordedViewSchema = z.object({ recorded: z.boolean() });
