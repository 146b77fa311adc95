import { DuplicateEventIdError } from '../ports/DuplicateEventIdError.js';
import type { ExpectedVersion, StreamAppend } from '../ports/EventStore.js';
import { prepareNewEvents, type PreparedEvent } from './prepareNewEvents.js';

/** One stream's append, checked and serialized, ready for any adapter to write. */
export type PreparedAppend = {
  readonly streamId: string;
  readonly events: readonly PreparedEvent[];
  readonly expectedVersion: ExpectedVersion;
};

/**
 * Validates the requests of an append (one, or several for a multi-stream append) before
 * anything reaches the database. An event id may appear once in the whole request: a reuse
 * across streams could never be written, and would otherwise surface as a constraint error.
 */
export function prepareAppendCommands(requests: readonly StreamAppend[]): PreparedAppend[] {
  if (!Array.isArray(requests) || requests.length === 0) throw new RangeError('a multi-stream append needs at least one request');
  const seen = new Set<string>();
  return requests.map((request) => {
    const expectedVersion = request.expectedVersion ?? 'any';
    const events = prepareNewEvents(request.streamId, request.events, expectedVersion);
    const reused = events.filter((event) => seen.has(event.eventId)).map((event) => event.eventId);
    if (reused.length > 0) throw new DuplicateEventIdError(request.streamId, reused);
    for (const event of events) seen.add(event.eventId);
    return { streamId: request.streamId, events, expectedVersion };
  });
}
