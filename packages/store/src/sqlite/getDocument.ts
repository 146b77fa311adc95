import { assertNonEmptyString } from '../guards/assertions.js';
import type { JsonObject } from '../ports/json.js';
import type { ReadDocument } from '../ports/ReadStore.js';
import { TARGET_GENERATION, toReadDocument, type DocRow, type DocTarget } from './docRows.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Prepares "one document by id" (primary key lookup; tombstones read as absent). */
export function prepareGetDocument(db: SqliteDatabase) {
  const select = db.prepare<[DocTarget & { id: string }], DocRow>(
    `SELECT id, user_id, version, data FROM docs
     WHERE collection = @collection AND generation = ${TARGET_GENERATION} AND id = @id AND data IS NOT NULL`,
  );
  return <TData extends JsonObject>(collection: string, id: string, generation: number | null): ReadDocument<TData> | undefined => {
    assertNonEmptyString(collection, 'collection');
    assertNonEmptyString(id, 'id');
    const row = select.get({ collection, generation, id });
    return row === undefined ? undefined : toReadDocument<TData>(row);
  };
}
