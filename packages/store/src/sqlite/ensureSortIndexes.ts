import { assertFieldName } from '../guards/assertions.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Sort fields indexed when the caller configures none: the two the read models page by. */
export const DEFAULT_SORT_FIELDS: readonly string[] = ['receivedAt', 'updatedAt'];

/**
 * The expression a sort field is indexed and queried by. SQLite only uses an expression index
 * when the query repeats the expression verbatim, so both sides must come from here.
 */
export function sortExpression(field: string): string {
  return `data ->> '$.${field}'`;
}

/**
 * Creates a `(collection, generation, user_id, data->>'$.<field>')` index per sort field, so
 * "one user's documents by <field> desc limit n" is an index range scan with no sort step
 * (the table's primary key, which ends with `id`, is the implicit tiebreak column).
 */
export function ensureSortIndexes(db: SqliteDatabase, fields: readonly string[]): void {
  for (const field of fields) assertFieldName(field, 'sort field');
  const exists = db.prepare<[string], number>(`SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?`).pluck();
  const missing = fields.filter((field) => exists.get(sortIndexName(field)) === undefined);
  if (missing.length === 0) return; // no write lock needed on the usual open
  db.transaction(() => {
    for (const field of missing) {
      db.exec(`CREATE INDEX IF NOT EXISTS ${sortIndexName(field)} ON docs (collection, generation, user_id, ${sortExpression(field)})`);
    }
  }).immediate();
}

/** Name of the index serving a sort field. */
export function sortIndexName(field: string): string {
  return `docs_by_user_${field}`;
}
