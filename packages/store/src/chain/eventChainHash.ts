import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { JsonValue } from '../ports/json.js';
import type { RecordedEvent } from '../ports/events.js';

/** The hash before the first event of a log: the chain's anchor. */
export const GENESIS_HASH = '0'.repeat(64);

/** What of a stored event its hash covers (issue 31, point 4): never its position, which differs between backends. */
export type ChainedEvent = Pick<RecordedEvent, 'type' | 'streamId' | 'streamVersion' | 'data' | 'metadata' | 'recordedAt'>;

/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Strings as RFC 8785 can write them: a lone UTF-16 surrogate (a JSON `\ud800` escape an alert
 * source once sent) becomes U+FFFD instead of making the event impossible to chain.
 */
function wellFormed(value: JsonValue): JsonValue {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : [[wellFormed(key) as string, wellFormed(item)] as const]));
  return Object.fromEntries(entries);
}

/**
 * The event's canonical form: RFC 8785 JSON (keys sorted, numbers and strings written one way) of
 * its type, stream, version, data, metadata and time, so the same event hashes the same on SQLite
 * text, PostgreSQL jsonb and MongoDB BSON, whatever order each keeps its keys in.
 */
export function canonicalEvent(event: ChainedEvent): string {
  const form = (repair: (value: JsonValue) => JsonValue) => ({
    type: event.type,
    stream: event.streamId,
    version: event.streamVersion,
    data: repair(event.data),
    metadata: event.metadata === undefined ? null : repair(event.metadata as JsonValue),
    time: new Date(event.recordedAt).toISOString(),
  });
  let text: string | undefined;
  try {
    text = canonicalize(form((value) => value));
  } catch (error) {
    // Rare enough to pay a second pass only then: most events never hold a lone surrogate.
    if (!(error instanceof Error && /surrogate/i.test(error.message))) throw error;
    text = canonicalize(form(wellFormed));
  }
  if (text === undefined) throw new Error(`event ${event.streamId}@${event.streamVersion} has no canonical form`);
  return text;
}

/** The event's link in the chain: SHA-256 (hex) over the previous event's hash, a newline and the event's canonical form. */
export function chainHash(previousHash: string, event: ChainedEvent): string {
  return createHash('sha256').update(previousHash).update('\n').update(canonicalEvent(event)).digest('hex');
}

/**
 * The link hash of an event as an adapter holds it before or after writing: data and metadata as
 * their JSON text (parsed here, so the hash is over the values, as a reader of the log sees them).
 */
export function chainHashOfText(
  previousHash: string,
  event: {
    readonly type: string;
    readonly streamId: string;
    readonly streamVersion: number;
    readonly data: string;
    readonly metadata: string | null;
    readonly recordedAt: number;
  },
): string {
  return chainHash(previousHash, {
    type: event.type,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    data: JSON.parse(event.data) as JsonValue,
    ...(event.metadata === null ? {} : { metadata: JSON.parse(event.metadata) as RecordedEvent['metadata'] }),
    recordedAt: event.recordedAt,
  });
}
