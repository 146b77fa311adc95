import { safeParseEvent, type DomainEvent } from '@hyperhook/domain';
import type { JsonValue, NewEvent, RecordedEvent } from '@hyperhook/store';

/**
 * Stores a domain event `{type, v, data}` the way every role does: `type` and `data` as they are,
 * the schema version in `metadata.schemaVersion`, so the log stays readable without the envelope.
 */
export function toNewEvent(event: DomainEvent, causationId?: string): NewEvent {
  return {
    type: event.type,
    // Domain event data is validated JSON (zod schemas of plain values), hence the cast.
    data: event.data as unknown as JsonValue,
    metadata: { schemaVersion: event.v, ...(causationId !== undefined ? { causationId } : {}) },
  };
}

/**
 * Reads stored events back as domain events. A stream the executor decides on must be readable
 * end to end: an unreadable event throws, because deciding on a partial history could send a
 * second order.
 */
export function fromRecordedEvents(events: readonly RecordedEvent[]): DomainEvent[] {
  return events.map((recorded) => {
    const v = typeof recorded.metadata?.schemaVersion === 'number' ? recorded.metadata.schemaVersion : 1;
    const parsed = safeParseEvent({ type: recorded.type, v, data: recorded.data });
    if (!parsed.ok) throw parsed.error;
    return parsed.value;
  });
}
