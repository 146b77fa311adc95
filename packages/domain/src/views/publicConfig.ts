import { z } from 'zod';

/**
 * `GET /api/config`: what public pages show before anyone signs in — the referral code of the
 * landing page and the support address of /terms and /privacy.
 */
export const PublicConfigViewSchema = z.object({ referralCode: z.string(), supportEmail: z.string() });
/** The public configuration. */
export type PublicConfigView = z.infer<typeof PublicConfigViewSchema>;
