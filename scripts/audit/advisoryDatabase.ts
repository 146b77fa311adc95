/**
 * The local advisory database (security/advisories.json) and the waivers
 * (security/audit-waivers.json): OSV-like entries checked by zod, so a malformed entry stops the
 * audit rather than silently matching nothing.
 */
import semver from 'semver';
import { z } from 'zod';

export const SEVERITIES = ['low', 'moderate', 'high', 'critical'] as const;
export const SeveritySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof SeveritySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const AdvisorySchema = z.object({
  id: z.string().min(1),
  aliases: z.array(z.string()).optional(),
  package: z.string().min(1),
  /** semver ranges; a version in any of them is affected. */
  affected: z.array(z.string().refine((range) => semver.validRange(range) !== null, 'a semver range')).min(1),
  severity: SeveritySchema,
  summary: z.string().min(1),
  fixed: z.string().nullable(),
  url: z.string().url(),
  locked: z.string().optional(),
});
export type Advisory = z.infer<typeof AdvisorySchema>;

export const AdvisoryDatabaseSchema = z.object({ updated: isoDate, source: z.string().optional(), advisories: z.array(AdvisorySchema) });
export type AdvisoryDatabase = z.infer<typeof AdvisoryDatabaseSchema>;

export const WaiverSchema = z.object({
  id: z.string().min(1),
  /** Limits the waiver to one package (an advisory id can name several). */
  package: z.string().optional(),
  reason: z.string().min(20, 'say why the advisory does not apply or why it can wait'),
  expires: isoDate,
});
export type Waiver = z.infer<typeof WaiverSchema>;
export const WaiversSchema = z.object({ waivers: z.array(WaiverSchema) });

/** Severity rank, low = 0. */
export const rankOf = (severity: Severity) => SEVERITIES.indexOf(severity);
