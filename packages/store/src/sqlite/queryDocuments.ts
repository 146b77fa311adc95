import { validateDocumentQuery } from '../guards/validateReadDocument.js';
import type { JsonObject, JsonPrimitive } from '../ports/json.js';
import type { DocumentQuery, ReadDocument } from '../ports/ReadStore.js';
import { TARGET_GENERATION, toReadDocument, type DocRow } from './docRows.js';
import { sortExpression } from './ensureSortIndexes.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

type QueryParams = Record<string, string | number | null>;

/**
 * Builds the per-user query. For an indexed sort field the plan is
 * `SEARCH docs USING INDEX docs_by_user_<field> (collection=? AND generation=? AND user_id=?)`
 * with no temporary B-tree: the sort expression is the index's own (sortExpression) and the
 * `id` tiebreak is the index's implicit primary-key suffix. `where` filters rows during that scan.
 */
export function buildQuerySql(query: Pick<DocumentQuery, 'sortBy' | 'order' | 'where'>): string {
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const conditions = Object.entries(query.where ?? {}).map(([field, value], i) =>
    value === null ? ` AND ${sortExpression(field)} IS NULL` : ` AND ${sortExpression(field)} = @w${i}`,
  );
  return (
    `SELECT id, user_id, version, data FROM docs` +
    ` WHERE collection = @collection AND generation = ${TARGET_GENERATION} AND user_id = @userId AND data IS NOT NULL` +
    conditions.join('') +
    ` ORDER BY ${sortExpression(query.sortBy)} ${direction}, id ${direction} LIMIT @limit`
  );
}

/** Prepares per-user queries; one statement per (sort field, order, where shape), cached. */
export function prepareQueryDocuments(db: SqliteDatabase) {
  const statements = new Map<string, ReturnType<typeof prepare>>();
  const prepare = (sql: string) => db.prepare<[QueryParams], DocRow>(sql);

  return <TData extends JsonObject>(collection: string, query: DocumentQuery, generation: number | null): ReadDocument<TData>[] => {
    validateDocumentQuery(collection, query);
    const sql = buildQuerySql(query);
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = prepare(sql)));
    const params: QueryParams = { collection, generation, userId: query.userId, limit: query.limit };
    Object.values(query.where ?? {}).forEach((value, i) => {
      if (value !== null) params[`w${i}`] = toSqlValue(value);
    });
    return statement.all(params).map((row) => toReadDocument<TData>(row));
  };
}

/** `->>` yields JSON true/false as 1/0, and better-sqlite3 cannot bind booleans. */
function toSqlValue(value: Exclude<JsonPrimitive, null>): string | number {
  return typeof value === 'boolean' ? Number(value) : value;
}
