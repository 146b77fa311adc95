import { checkExpectedVersion } from '../guards/checkExpectedVersion.js';
import type { PreparedAppend } from '../guards/prepareAppendCommands.js';
import { chainHashOfText } from '../chain/eventChainHash.js';
import type { AppendResult } from '../ports/EventStore.js';
import { prepareEventChain } from './chainEvents.js';
import { prepareFindRepeatedAppend } from './findRepeatedAppend.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** One validated stream append. */
export type AppendCommand = PreparedAppend;

/**
 * Prepares the append operation. The returned function must run inside a write transaction
 * (BEGIN IMMEDIATE, see groupCommit): reading the stream version, checking it and inserting
 * are then one atomic step, also against other processes. `UNIQUE (stream_id, stream_version)`
 * backs the check up should anything ever bypass it. Each event is written with its link in the
 * log's hash chain, taken from the head under the same lock, so the chain is never behind the log.
 */
export function prepareAppendToStream(db: SqliteDatabase) {
  // One seek in the (stream_id, stream_version) index; NULL for a stream with no events.
  const streamVersion = db.prepare<[string], number | null>('SELECT max(stream_version) FROM events WHERE stream_id = ?').pluck();
  const insertEvent = db.prepare<[string, number, string, string, string, string | null, number, string]>(
    'INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const findRepeatedAppend = prepareFindRepeatedAppend(db);
  const chain = prepareEventChain(db);

  return (command: AppendCommand, recordedAt: number): AppendResult => {
    const current = streamVersion.get(command.streamId) ?? -1;
    const repeated = findRepeatedAppend(command, current);
    if (repeated) return repeated;
    checkExpectedVersion(command.streamId, command.expectedVersion, current);

    let version = current;
    let lastPosition = 0;
    let hash = chain.headHash();
    for (const event of command.events) {
      version += 1;
      hash = chainHashOfText(hash, {
        type: event.type,
        streamId: command.streamId,
        streamVersion: version,
        data: event.data,
        metadata: event.metadata,
        recordedAt,
      });
      const { lastInsertRowid } = insertEvent.run(command.streamId, version, event.eventId, event.type, event.data, event.metadata, recordedAt, hash);
      lastPosition = Number(lastInsertRowid);
    }
    return { nextExpectedVersion: version, lastPosition };
  };
}
