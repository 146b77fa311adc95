import { assertNonEmptyString } from '../guards/assertions.js';
import { TARGET_GENERATION, type DocTarget } from './docRows.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Prepares "drop one generation of a collection" (primary-key prefix range delete). */
export function prepareDeleteCollection(db: SqliteDatabase) {
  const remove = db.prepare<[DocTarget]>(`DELETE FROM docs WHERE collection = @collection AND generation = ${TARGET_GENERATION}`);
  return (collection: string, generation: number | null): number => {
    assertNonEmptyString(collection, 'collection');
    return remove.run({ collection, generation }).changes;
  };
}
