import { parseEvent, type DomainEvent } from '@hyperhook/domain';
import type { JsonValue, NewEvent, RecordedEvent } from '@hyperhook/store';

/**
 * How a domain event `{type, v, data}` is stored: the store keeps `type` and `data`, and the
 * schema version travels as `metadata.schemaVersion` (the store's well-known key for upcasting).
 */
export function toNewEvent(event: DomainEvent, metadata: Record<string, JsonValue> = {}): NewEvent {
  return { type: event.type, data: event.data as JsonValue, metadata: { ...metadata, schemaVersion: event.v } };
}

/** Reads a stored event back as a validated, upcast domain event (throws on a corrupt log). */
export function fromRecorded(recorded: RecordedEvent): DomainEvent {
  const v = typeof recorded.metadata?.schemaVersion === 'number' ? recorded.metadata.schemaVersion : 1;
  return parseEvent({ type: recorded.type, v, data: recorded.data });
}
