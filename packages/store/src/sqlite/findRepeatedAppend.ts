import { expectedVersionAllowsStartAt } from '../guards/checkExpectedVersion.js';
import { DuplicateEventIdError } from '../ports/DuplicateEventIdError.js';
import type { AppendResult } from '../ports/EventStore.js';
import { WrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';
import type { AppendCommand } from './appendToStream.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

type StoredEventRef = { readonly stream_id: string; readonly stream_version: number; readonly global_position: number };

/**
 * KurrentDB-style idempotent appends: when every event id of the command is already stored,
 * as one run in this stream, in this order, and the command's expected version matches where
 * that run starts, the command is a retry of a committed append (say, after a timeout) and
 * gets the original result back. Any other reuse of stored ids is a DuplicateEventIdError.
 * Only caller-provided ids are looked up: generated ones are fresh UUIDs.
 */
export function prepareFindRepeatedAppend(db: SqliteDatabase) {
  const findEvent = db.prepare<[string], StoredEventRef>('SELECT stream_id, stream_version, global_position FROM events WHERE event_id = ?');

  return (command: AppendCommand, currentVersion: number): AppendResult | undefined => {
    const provided = command.events.filter((event) => event.idProvided);
    if (provided.length === 0) return undefined;
    const found = provided.map((event) => findEvent.get(event.eventId));
    const stored = found.filter((ref): ref is StoredEventRef => ref !== undefined);
    const first = stored[0];
    const last = stored.at(-1);
    if (first === undefined || last === undefined) return undefined;

    const isExactRepeat =
      stored.length === command.events.length &&
      stored.every((ref, i) => ref.stream_id === command.streamId && ref.stream_version === first.stream_version + i);
    if (!isExactRepeat) {
      throw new DuplicateEventIdError(
        command.streamId,
        provided.filter((_, i) => found[i] !== undefined).map((event) => event.eventId),
      );
    }
    if (!expectedVersionAllowsStartAt(command.expectedVersion, first.stream_version)) {
      throw new WrongExpectedVersionError(command.streamId, command.expectedVersion, currentVersion < 0 ? 'no_stream' : currentVersion);
    }
    return { nextExpectedVersion: last.stream_version, lastPosition: last.global_position };
  };
}
