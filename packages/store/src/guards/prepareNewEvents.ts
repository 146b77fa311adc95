import { timeOrderedId } from '../ids/timeOrderedId.js';
import { DuplicateEventIdError } from '../ports/DuplicateEventIdError.js';
import type { ExpectedVersion } from '../ports/EventStore.js';
import type { NewEvent } from '../ports/events.js';
import { assertInteger, assertNonEmptyString } from './assertions.js';
import { isUuid } from './isUuid.js';

/** A NewEvent checked and serialized, ready for any adapter to write. */
export type PreparedEvent = {
  /** Lower-case UUID. */
  readonly eventId: string;
  /** False when the store generated the id: such an id cannot already exist, so no lookup is needed. */
  readonly idProvided: boolean;
  readonly type: string;
  readonly data: string;
  readonly metadata: string | null;
};

/**
 * Validates an append request and serializes its events up front, so that a bad event rejects
 * its own append before anything reaches the database (and never disturbs a group commit).
 */
export function prepareNewEvents(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): PreparedEvent[] {
  assertNonEmptyString(streamId, 'streamId');
  assertExpectedVersion(expectedVersion);
  if (!Array.isArray(events) || events.length === 0) throw new RangeError('append needs at least one event');
  const seen = new Set<string>();
  const duplicates: string[] = [];
  const prepared = events.map((event, index) => {
    assertNonEmptyString(event.type, `events[${index}].type`);
    if (event.eventId !== undefined && !isUuid(event.eventId)) {
      throw new TypeError(`events[${index}].eventId must be a UUID, got ${JSON.stringify(event.eventId)}`);
    }
    // Time-ordered (UUIDv7): the event-id index then grows at its right edge, so a commit of many
    // appends dirties a page or two of it instead of one random page per event.
    const eventId = event.eventId?.toLowerCase() ?? timeOrderedId();
    if (seen.has(eventId)) duplicates.push(eventId);
    seen.add(eventId);
    return {
      eventId,
      idProvided: event.eventId !== undefined,
      type: event.type,
      data: toJson(event.data, `events[${index}].data`),
      metadata: event.metadata === undefined ? null : toJson(event.metadata, `events[${index}].metadata`),
    };
  });
  if (duplicates.length > 0) throw new DuplicateEventIdError(streamId, duplicates);
  return prepared;
}

function assertExpectedVersion(expected: ExpectedVersion): void {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return;
  assertInteger(expected, 'expectedVersion');
}

function toJson(value: unknown, what: string): string {
  const json = JSON.stringify(value);
  if (typeof json !== 'string') throw new TypeError(`${what} is not JSON-serializable`);
  return json;
}
