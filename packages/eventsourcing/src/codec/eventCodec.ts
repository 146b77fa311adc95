import { isNonDomainStream, parseStreamId, safeParseEvent, type DomainEvent, type RecordedEvent as ProjectionRecord } from '@hyperhook/domain';
import type { EventMetadata, JsonValue, NewEvent, RecordedEvent } from '@hyperhook/store';

/**
 * How a domain event `{type, v, data}` is stored: `type` and `data` as they are, the schema
 * version `v` in `metadata.schemaVersion` (the port's well-known key), so any adapter keeps the
 * log readable by auditors without knowing the domain envelope.
 */
export function toNewEvent(event: DomainEvent, metadata: EventMetadata = {}, eventId?: string): NewEvent {
  return {
    ...(eventId !== undefined ? { eventId } : {}),
    type: event.type,
    // Domain event data is validated JSON (zod schemas of plain values), hence the cast.
    data: event.data as unknown as JsonValue,
    metadata: { ...metadata, schemaVersion: event.v },
  };
}

/**
 * A stored event as readers of the whole log see it: a domain record; an event of a stream that
 * carries no domain events by design (a dedupe claim), to pass by; or an event that should be a
 * domain event and is not readable (unknown type or version, a stream name that is not ours).
 */
export type DecodedEvent =
  { readonly kind: 'domain'; readonly record: ProjectionRecord } | { readonly kind: 'not-domain' } | { readonly kind: 'unreadable'; readonly reason: string };

function parseStored(recorded: RecordedEvent) {
  const v = typeof recorded.metadata?.schemaVersion === 'number' ? recorded.metadata.schemaVersion : 1;
  return safeParseEvent({ type: recorded.type, v, data: recorded.data });
}

/** Decodes a stored event into what projections read, upcasting older schema versions. */
export function decodeRecordedEvent(recorded: RecordedEvent): DecodedEvent {
  if (isNonDomainStream(recorded.streamId)) return { kind: 'not-domain' };
  if (parseStreamId(recorded.streamId) === null) return { kind: 'unreadable', reason: `stream ${recorded.streamId} is not a domain stream` };
  const parsed = parseStored(recorded);
  if (!parsed.ok) return { kind: 'unreadable', reason: parsed.error.message };
  return {
    kind: 'domain',
    record: {
      event: parsed.value,
      meta: { globalPosition: recorded.globalPosition, streamId: recorded.streamId, recordedAt: new Date(recorded.recordedAt).toISOString() },
    },
  };
}

/** Decodes a stream's events for a decider: an unreadable event is an error there (a corrupt stream must not be decided on). */
export function decodeStreamEvents(events: readonly RecordedEvent[]): DomainEvent[] {
  return events.map((recorded) => {
    const parsed = parseStored(recorded);
    if (!parsed.ok) throw parsed.error;
    return parsed.value;
  });
}
