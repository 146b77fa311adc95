/** The timestamp shapes clients and stores hand around. */
export type TimestampLike =
  string | number | Date | { readonly seconds: number; readonly nanoseconds: number } | { readonly _seconds: number; readonly _nanoseconds: number };

function fromMillis(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function fromSecondsPair(seconds: unknown, nanoseconds: unknown): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return null;
  const nanos = typeof nanoseconds === 'number' && Number.isFinite(nanoseconds) ? nanoseconds : 0;
  return fromMillis(seconds * 1000 + Math.floor(nanos / 1e6));
}

/**
 * Turns any timestamp shape into an ISO-8601 string, or null when it is missing or unreadable
 * (the keys' lastUsed, the referral's lastUpdatedAt): an ISO or other date string; a string of digits or a
 * number, read as epoch milliseconds (decided); a Date; a `{seconds, nanoseconds}` pair
 * (a Firestore Timestamp) or its serialised `{_seconds, _nanoseconds}` form.
 * Pure: it reads only its argument, never the clock.
 */
export function normaliseTimestamp(value: unknown): string | null {
  if (value instanceof Date) return fromMillis(value.getTime());
  if (typeof value === 'number') return fromMillis(value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (/^-?\d+$/.test(text)) return fromMillis(Number(text));
    return fromMillis(Date.parse(text));
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if ('seconds' in record) return fromSecondsPair(record.seconds, record.nanoseconds);
    if ('_seconds' in record) return fromSecondsPair(record._seconds, record._nanoseconds);
  }
  return null;
}
