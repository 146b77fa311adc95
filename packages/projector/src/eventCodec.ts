import { parseStreamId, safeParseEvent, type DomainEvent, type RecordedEvent as ProjectionRecord } from '@hyperhook/domain';
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

/** The outcome of decoding a stored event: a domain record, or why it is not one. */
export type DecodedEvent = { readonly ok: true; readonly record: ProjectionRecord } | { readonly ok: false; readonly reason: string };

/**
 * Decodes a stored event into what projections read. Events outside the domain's streams
 * (e.g. intake's `dedupe-…` claims) are not domain events and are reported as such; a domain
 * stream event that does not parse (unknown type or version) is reported with the parser's reason.
 */
export function decodeRecordedEvent(recorded: RecordedEvent): DecodedEvent {
  if (parseStreamId(recorded.streamId) === null) return { ok: false, reason: `stream ${recorded.streamId} is not a domain stream` };
  const v = typeof recorded.metadata?.schemaVersion === 'number' ? recorded.metadata.schemaVersion : 1;
  const parsed = safeParseEvent({ type: recorded.type, v, data: recorded.data });
  if (!parsed.ok) return { ok: false, reason: parsed.error.message };
  return {
    ok: true,
    record: {
      event: parsed.value,
      meta: { globalPosition: recorded.globalPosition, streamId: recorded.streamId, recordedAt: new Date(recorded.recordedAt).toISOString() },
    },
  };
}

/** Decodes a stream's events for a decider: non-domain or unreadable events are an error there (a corrupt stream must not be decided on). */
export function decodeStreamEvents(events: readonly RecordedEvent[]): DomainEvent[] {
  return events.map((recorded) => {
    const v = typeof recorded.metadata?.schemaVersion === 'number' ? recorded.metadata.schemaVersion : 1;
    const parsed = safeParseEvent({ type: recorded.type, v, data: recorded.data });
    if (!parsed.ok) throw parsed.error;
    return parsed.value;
  });
}
