import type { EventMetadata, RecordedEvent } from '../ports/events.js';
import { recordedEventOf } from '../rows/recordedEventOf.js';

/** Columns of `events` in the order every read selects them (EventRow follows this order). */
export const EVENT_COLUMNS = 'global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at';

/**
 * A row of `events` in raw (array) mode. Reads use better-sqlite3's `.raw()`: building one
 * array per row instead of a keyed object nearly doubles catch-up read throughput.
 */
export type EventRow = readonly [
  globalPosition: number,
  streamId: string,
  streamVersion: number,
  eventId: string,
  type: string,
  data: string,
  metadata: string | null,
  recordedAt: number,
];

/** Maps a raw row to the port's RecordedEvent, parsing the JSON columns. */
export function toRecordedEvent(row: EventRow): RecordedEvent {
  return recordedEventOf(row[0], row[1], row[2], row[3], row[4], JSON.parse(row[5]) as RecordedEvent['data'], row[6] === null ? null : (JSON.parse(row[6]) as EventMetadata), row[7]);
}
