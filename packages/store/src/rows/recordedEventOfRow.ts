import type { EventMetadata, RecordedEvent } from '../ports/events.js';
import { recordedEventOf } from './recordedEventOf.js';

/**
 * An event's columns in the order every read selects them, JSON still text: a row of SQLite's
 * `events` in raw mode, and an event as an append notice carries it.
 */
export type EventColumns = readonly [
  globalPosition: number,
  streamId: string,
  streamVersion: number,
  eventId: string,
  type: string,
  data: string,
  metadata: string | null,
  recordedAt: number,
];

/** Maps the columns to the port's RecordedEvent, parsing the JSON ones. */
export function recordedEventOfRow(row: EventColumns): RecordedEvent {
  return recordedEventOf(
    row[0],
    row[1],
    row[2],
    row[3],
    row[4],
    JSON.parse(row[5]) as RecordedEvent['data'],
    row[6] === null ? null : (JSON.parse(row[6]) as EventMetadata),
    row[7],
  );
}
