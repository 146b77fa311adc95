import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import type { ReadStreamOptions } from '../ports/EventStore.js';
import type { RecordedEvent } from '../ports/events.js';
import { recordedEventOfRow } from '../rows/recordedEventOfRow.js';
import { EVENT_COLUMNS, type EventRow } from './eventRows.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Prepares "one stream in version order", served by the UNIQUE (stream_id, stream_version) index. */
export function prepareReadStream(db: SqliteDatabase) {
  const select = db
    .prepare<[string, number, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? AND stream_version >= ? ORDER BY stream_version LIMIT ?`,
    )
    .raw();
  return (streamId: string, options: ReadStreamOptions = {}): RecordedEvent[] => {
    assertNonEmptyString(streamId, 'streamId');
    const fromVersion = options.fromVersion ?? 0;
    assertInteger(fromVersion, 'fromVersion');
    if (options.maxCount !== undefined) assertInteger(options.maxCount, 'maxCount');
    return select.all(streamId, fromVersion, options.maxCount ?? -1).map(recordedEventOfRow); // LIMIT -1: no limit
  };
}
