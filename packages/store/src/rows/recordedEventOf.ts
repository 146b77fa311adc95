import type { EventMetadata, RecordedEvent } from '../ports/events.js';

/**
 * Builds a RecordedEvent from its columns (any adapter's). Two literal shapes, rather than a
 * spread, keep event objects monomorphic and cheap to build; metadata null leaves it out.
 */
export function recordedEventOf(
  globalPosition: number,
  streamId: string,
  streamVersion: number,
  eventId: string,
  type: string,
  data: RecordedEvent['data'],
  metadata: EventMetadata | null,
  recordedAt: number,
): RecordedEvent {
  if (metadata === null) return { eventId, streamId, streamVersion, globalPosition, type, data, recordedAt };
  return { eventId, streamId, streamVersion, globalPosition, type, data, metadata, recordedAt };
}
