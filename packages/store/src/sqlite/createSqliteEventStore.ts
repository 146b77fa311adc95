import { createWriterEventStore, type WriterEventStore, type WriterEventStoreOptions } from '../writer/createWriterEventStore.js';
import { prepareHeadPosition } from './headPosition.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { prepareReadAll } from './readAll.js';
import { prepareReadStream } from './readStream.js';

/**
 * EventStore on the store file: reads on this thread's connection, appends through the writer
 * (group commit). After each commit the writer's announcement of the new head on
 * EVENTS_APPENDED_CHANNEL wakes this process's subscriptions at once (other processes notice by
 * polling the head).
 */
export function createSqliteEventStore(db: SqliteDatabase, options: WriterEventStoreOptions): WriterEventStore {
  const readStream = prepareReadStream(db);
  const readAll = prepareReadAll(db);
  const headPosition = prepareHeadPosition(db);
  return createWriterEventStore(
    {
      readStream: async (streamId, readOptions) => readStream(streamId, readOptions),
      readAll: async (readOptions) => readAll(readOptions),
      headPosition: async () => headPosition(),
    },
    options,
  );
}
