import { createHash } from 'node:crypto';
import { EntityIdSchema, IsoTimestampSchema } from '@hyperhook/domain';
import type { NewEvent, RecordedEvent } from '@hyperhook/store';
import { z } from 'zod';

/**
 * A claim id derived from the user and the alert's dedupe key (UUID-shaped, version nibble 8:
 * "custom"). The claim stream `dedupe-<claimId>` is created together with the signal's stream,
 * in one multi-stream append with `no_stream` on both: the first delivery wins the claim, and any
 * re-delivery — in this process or another — finds the claim taken and is recorded as a duplicate
 * of the signal the claim names. Signal ids themselves stay time-ordered (UUIDv7), so the signal
 * streams and webhook-log documents grow at the right edge of their indexes; only the claim is
 * keyed by a hash.
 */
export function dedupeClaimId(uid: string, key: string): string {
  const h = createHash('sha256').update(`${uid}\u0000${key}`, 'utf8').digest('hex');
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** What identifies re-deliveries of an alert, and for how long. */
export type DedupeKey = {
  /** Stored on SignalReceived: `id:<alert id>` or `body:<sha256 of the body>`. */
  readonly key: string;
  /** The claim this delivery takes when it is the first. */
  readonly claimId: string;
  /** For body keys: the claim an identical body may have taken in the previous window slot. */
  readonly previousClaimId: string | null;
};

/**
 * The dedupe key of an alert. An explicit `id` identifies the alert for good. Without one, the
 * body does, within `windowMs`: time is cut into slots of `windowMs`, the claim covers the current
 * slot, and the previous slot's claim is checked by its receivedAt — so two identical bodies less
 * than `windowMs` apart are always matched (bar two deliveries racing within the same millisecond
 * across a slot boundary).
 */
export function dedupeKeyOf(uid: string, alertId: string | undefined, rawBody: string, nowMs: number, windowMs: number): DedupeKey {
  if (alertId !== undefined) {
    const key = `id:${alertId}`;
    return {
      key: key.length <= 300 ? key : `idhash:${createHash('sha256').update(alertId).digest('hex')}`,
      claimId: dedupeClaimId(uid, key),
      previousClaimId: null,
    };
  }
  const key = `body:${createHash('sha256').update(rawBody, 'utf8').digest('hex')}`;
  const slot = Math.floor(nowMs / windowMs);
  return { key, claimId: dedupeClaimId(uid, `${key}@${slot}`), previousClaimId: dedupeClaimId(uid, `${key}@${slot - 1}`) };
}

/** The one event of a claim stream: which signal took the claim, and when it arrived. */
export const DedupeClaimSchema = z.object({
  type: z.literal('SignalDedupeClaimed'),
  data: z.object({ signalId: EntityIdSchema, dedupeKey: z.string().min(1).max(300), receivedAt: IsoTimestampSchema }),
});
/** A claim as stored. */
export type DedupeClaim = z.infer<typeof DedupeClaimSchema>['data'];

/** The event that takes a claim for `claim.signalId`. */
export function dedupeClaimEvent(claim: DedupeClaim): NewEvent {
  return { type: 'SignalDedupeClaimed', data: { ...claim } };
}

/** Reads a claim stream's first event; null when there is none, an error when it is not a claim. */
export function parseDedupeClaim(recorded: RecordedEvent | undefined): DedupeClaim | null {
  if (recorded === undefined) return null;
  return DedupeClaimSchema.parse({ type: recorded.type, data: recorded.data }).data;
}
