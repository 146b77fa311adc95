import type { DomainEvent } from '../../eventModel/domainEvent.js';
import type { RecordedEvent } from '../readModel.js';

/** A tiny in-memory log for projection tests: appends get increasing global positions. */
export function eventLog() {
  const records: RecordedEvent[] = [];
  return {
    records,
    /** Appends events to a stream and returns their records. */
    append(streamId: string, ...events: DomainEvent[]): RecordedEvent[] {
      const added = events.map((event, index) => ({
        event,
        meta: { globalPosition: records.length + index + 1, streamId, recordedAt: '2025-10-01T12:00:00.000Z' },
      }));
      records.push(...added);
      return added;
    },
  };
}
