import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import { TARGET_GENERATION, type DocTarget } from './docRows.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/**
 * Prepares deletes. Unversioned: remove the row. Versioned: replace it by a tombstone
 * (data NULL) carrying the version, if that version is higher than the stored one, so a
 * re-delivered older upsert cannot bring the document back.
 */
export function prepareDeleteDocument(db: SqliteDatabase) {
  const remove = db.prepare<[DocTarget & { id: string }]>(`DELETE FROM docs WHERE collection = @collection AND generation = ${TARGET_GENERATION} AND id = @id`);
  const tombstone = db.prepare<[DocTarget & { id: string; version: number }]>(
    `INSERT INTO docs (collection, generation, id, user_id, version, data)
     VALUES (@collection, ${TARGET_GENERATION}, @id, NULL, @version, NULL)
     ON CONFLICT (collection, generation, id) DO UPDATE
       SET user_id = NULL, version = excluded.version, data = NULL
       WHERE excluded.version > docs.version`,
  );
  return (collection: string, id: string, version: number | undefined, generation: number | null): boolean => {
    assertNonEmptyString(collection, 'collection');
    assertNonEmptyString(id, 'id');
    if (version === undefined) return remove.run({ collection, generation, id }).changes > 0;
    assertInteger(version, 'version');
    return tombstone.run({ collection, generation, id, version }).changes > 0;
  };
}
