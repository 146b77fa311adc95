import { serializeReadDocument } from '../guards/validateReadDocument.js';
import type { ReadDocument } from '../ports/ReadStore.js';
import { TARGET_GENERATION, type DocTarget } from './docRows.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

type UpsertParams = DocTarget & { id: string; userId: string | null; version: number; data: string };

/**
 * Prepares the version-guarded upsert: the row is written only when new or when the incoming
 * version is higher, so re-delivered events (at-least-once) change nothing. Also resurrects a
 * tombstone older than the incoming version.
 */
export function prepareUpsertDocument(db: SqliteDatabase) {
  const upsert = db.prepare<[UpsertParams]>(
    `INSERT INTO docs (collection, generation, id, user_id, version, data)
     VALUES (@collection, ${TARGET_GENERATION}, @id, @userId, @version, @data)
     ON CONFLICT (collection, generation, id) DO UPDATE
       SET user_id = excluded.user_id, version = excluded.version, data = excluded.data
       WHERE excluded.version > docs.version`,
  );
  return (collection: string, doc: ReadDocument, generation: number | null): boolean => {
    const data = serializeReadDocument(collection, doc);
    return upsert.run({ collection, generation, id: doc.id, userId: doc.userId ?? null, version: doc.version, data }).changes > 0;
  };
}
