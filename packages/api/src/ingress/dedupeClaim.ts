import { createHash } from 'node:crypto';

/**
 * A signal id derived from the user and the alert's dedupe key (UUID-shaped, version nibble 8:
 * "custom"). Because the id is deterministic, the signal stream itself is the dedupe claim: the
 * first delivery creates `signal-<id>` with expectedVersion 'no_stream', and any re-delivery —
 * in this process or another — finds the stream taken and is recorded as a duplicate. One append
 * per webhook, no separate claim table.
 */
export function dedupeSignalId(uid: string, key: string): string {
  const h = createHash('sha256').update(`${uid}\u0000${key}`, 'utf8').digest('hex');
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** What identifies re-deliveries of an alert, and for how long. */
export type DedupeKey = {
  /** Stored on SignalReceived: `id:<alert id>` or `body:<sha256 of the body>`. */
  readonly key: string;
  /** Id of the signal this delivery creates when it is the first. */
  readonly signalId: string;
  /** For body keys: the signal an identical body may have created in the previous window slot. */
  readonly previousSignalId: string | null;
};

/**
 * The dedupe key of an alert. An explicit `id` identifies the alert for good. Without one, the
 * body does, within `windowMs`: time is cut into slots of `windowMs`, the id covers the current
 * slot, and the previous slot's signal is checked by its receivedAt — so two identical bodies less
 * than `windowMs` apart are always matched (bar two deliveries racing within the same millisecond
 * across a slot boundary).
 */
export function dedupeKeyOf(uid: string, alertId: string | undefined, rawBody: string, nowMs: number, windowMs: number): DedupeKey {
  if (alertId !== undefined) {
    const key = `id:${alertId}`;
    return { key: key.length <= 300 ? key : `idhash:${createHash('sha256').update(alertId).digest('hex')}`, signalId: dedupeSignalId(uid, key), previousSignalId: null };
  }
  const key = `body:${createHash('sha256').update(rawBody, 'utf8').digest('hex')}`;
  const slot = Math.floor(nowMs / windowMs);
  return { key, signalId: dedupeSignalId(uid, `${key}@${slot}`), previousSignalId: dedupeSignalId(uid, `${key}@${slot - 1}`) };
}
