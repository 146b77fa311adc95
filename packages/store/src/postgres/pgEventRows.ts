import type { EventMetadata, RecordedEvent } from '../ports/events.js';

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
  // Two literal shapes (rather than a spread) keep event objects monomorphic and cheap to build.
  if (row[6] === null) {
    return { eventId: row[3], streamId: row[1], streamVersion: row[2], globalPosition: row[0], type: row[4], data: row[5], recordedAt: row[7] };
  }
  return {
    eventId: row[3],
    streamId: row[1],
    streamVersion: row[2],
    globalPosition: row[0],
    type: row[4],
    data: row[5],
    metadata: row[6],
    recordedAt: row[7],
  };
}
