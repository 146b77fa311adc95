import { repeatedAppendResult, type StoredEventRef } from '../guards/repeatedAppend.js';
import type { AppendResult } from '../ports/EventStore.js';
import type { AppendCommand } from './appendToStream.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/**
 * Looks up the caller-provided ids of an append and decides whether it repeats a committed one
 * (see repeatedAppendResult). Generated ids are fresh UUIDs and never looked up.
 */
export function prepareFindRepeatedAppend(db: SqliteDatabase) {
  const findEvent = db.prepare<[string], StoredEventRef>(
    'SELECT stream_id AS streamId, stream_version AS streamVersion, global_position AS globalPosition FROM events WHERE event_id = ?',
  );

  return (command: AppendCommand, currentVersion: number): AppendResult | undefined => {
    const provided = command.events.filter((event) => event.idProvided);
    if (provided.length === 0) return undefined;
    return repeatedAppendResult(
      command,
      provided.map((event) => findEvent.get(event.eventId)),
      currentVersion,
    );
  };
}
