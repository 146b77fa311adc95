import type { EventMetadata, RecordedEvent } from '../ports/events.js';
import { recordedEventOf } from '../rows/recordedEventOf.js';

/** Columns of `events` in the order every read selects them (PgEventRow follows this order). */
export const PG_EVENT_COLUMNS = 'global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at';

/** A row of `events` in array mode; node-postgres has already parsed the json columns. */
export type PgEventRow = [
  globalPosition: number,
  streamId: string,
  streamVersion: number,
  eventId: string,
  type: string,
  data: RecordedEvent['data'],
  metadata: EventMetadata | null,
  recordedAt: number,
];

/** Maps a row to the port's RecordedEvent. */
export function toRecordedEventFromPg(row: PgEventRow): RecordedEvent {
  return recordedEventOf(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7]);
}
