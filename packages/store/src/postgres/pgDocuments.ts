import type pg from 'pg';
import { assertFieldName, assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import { validateDocumentQuery } from '../guards/validateReadDocument.js';
import type { JsonObject } from '../ports/json.js';
import type { DocumentQuery, ReadDocument } from '../ports/ReadStore.js';
import { quoteIdentifier } from './pgIdentifiers.js';
import { upsertPgDocuments } from './upsertPgDocuments.js';

/** A pool for reads, the group's client for writes. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * SQL for "the generation a statement targets": the pinned one when bound, else the
 * collection's active one, read in the same statement so a switch made by another process is
 * seen atomically. `$1` is always the collection and `$2` the pinned generation (or NULL).
 */
const TARGET_GENERATION = `coalesce($2::integer, (SELECT active_generation FROM collections WHERE collection = $1), 0)`;

type DocRow = { id: string; user_id: string | null; version: number; data: JsonObject };

function toReadDocument<TData extends JsonObject>(row: DocRow): ReadDocument<TData> {
  const data = row.data as TData;
  return row.user_id === null ? { id: row.id, version: row.version, data } : { id: row.id, userId: row.user_id, version: row.version, data };
}

/** The expression a sort or filter field is read by: jsonb, so numbers order as numbers and strings as strings. */
export function pgFieldExpression(field: string): string {
  assertFieldName(field, 'field');
  return `(data -> '${field}')`;
}

/** Version-guarded upsert of one document (upsertPgDocuments, which holds the statement). */
export async function upsertPgDocument(db: Queryable, collection: string, doc: ReadDocument, generation: number | null): Promise<boolean> {
  const [applied] = await upsertPgDocuments(db, [{ collection, doc }], generation);
  return applied === true;
}

/** Unversioned: remove the row. Versioned: a tombstone carrying the version, if higher than the stored one. */
export async function deletePgDocument(
  db: Queryable,
  collection: string,
  id: string,
  version: number | undefined,
  generation: number | null,
): Promise<boolean> {
  assertNonEmptyString(collection, 'collection');
  assertNonEmptyString(id, 'id');
  if (version === undefined) {
    const { rowCount } = await db.query(`DELETE FROM docs WHERE collection = $1 AND generation = ${TARGET_GENERATION} AND id = $3`, [
      collection,
      generation,
      id,
    ]);
    return (rowCount ?? 0) > 0;
  }
  assertInteger(version, 'version');
  const { rowCount } = await db.query(
    `INSERT INTO docs (collection, generation, id, user_id, version, data)
     VALUES ($1, ${TARGET_GENERATION}, $3, NULL, $4, NULL)
     ON CONFLICT (collection, generation, id) DO UPDATE
       SET user_id = NULL, version = excluded.version, data = NULL
       WHERE excluded.version > docs.version`,
    [collection, generation, id, version],
  );
  return (rowCount ?? 0) > 0;
}

/** Drops one generation of a collection (a primary-key prefix range). */
export async function deletePgCollection(db: Queryable, collection: string, generation: number | null): Promise<number> {
  assertNonEmptyString(collection, 'collection');
  const { rowCount } = await db.query(`DELETE FROM docs WHERE collection = $1 AND generation = ${TARGET_GENERATION}`, [collection, generation]);
  return rowCount ?? 0;
}

/** One document by id (tombstones read as absent). */
export async function getPgDocument<TData extends JsonObject>(
  db: Queryable,
  collection: string,
  id: string,
  generation: number | null,
): Promise<ReadDocument<TData> | undefined> {
  assertNonEmptyString(collection, 'collection');
  assertNonEmptyString(id, 'id');
  const { rows } = await db.query<DocRow>(
    `SELECT id, user_id, version, data FROM docs WHERE collection = $1 AND generation = ${TARGET_GENERATION} AND id = $3 AND data IS NOT NULL`,
    [collection, generation, id],
  );
  return rows[0] === undefined ? undefined : toReadDocument<TData>(rows[0]);
}

/**
 * One user's documents, sorted. For an indexed sort field (ensurePgSortIndexes) the plan is a
 * range scan of `(collection, generation, user_id, data->field, id)`, no sort step; `where`
 * filters rows during that scan. A null in `where` matches a missing or null field.
 */
export async function queryPgDocuments<TData extends JsonObject>(
  db: Queryable,
  collection: string,
  query: DocumentQuery,
  generation: number | null,
): Promise<ReadDocument<TData>[]> {
  validateDocumentQuery(collection, query);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const values: unknown[] = [collection, generation, query.userId, query.limit];
  const conditions = Object.entries(query.where ?? {}).map(([field, value]) => {
    const expression = pgFieldExpression(field);
    if (value === null) return ` AND (${expression} IS NULL OR ${expression} = 'null'::jsonb)`;
    values.push(JSON.stringify(value));
    return ` AND ${expression} = $${values.length}::jsonb`;
  });
  const sort = pgFieldExpression(query.sortBy);
  const { rows } = await db.query<DocRow>(
    `SELECT id, user_id, version, data FROM docs
     WHERE collection = $1 AND generation = ${TARGET_GENERATION} AND user_id = $3 AND data IS NOT NULL${conditions.join('')}
     ORDER BY ${sort} ${direction}, id ${direction} LIMIT $4`,
    values,
  );
  return rows.map((row) => toReadDocument<TData>(row));
}

/** The active generation; 0 for a collection never switched. */
export async function activePgGeneration(db: Queryable, collection: string): Promise<number> {
  assertNonEmptyString(collection, 'collection');
  const { rows } = await db.query<{ active_generation: number }>('SELECT active_generation FROM collections WHERE collection = $1', [collection]);
  return rows[0]?.active_generation ?? 0;
}

/** Switches collections' generations; inside the group's transaction, so a multi-collection switch is atomic. */
export async function activatePgGenerations(db: Queryable, generations: Readonly<Record<string, number>>): Promise<void> {
  for (const [collection, generation] of Object.entries(generations)) {
    assertNonEmptyString(collection, 'collection');
    assertInteger(generation, `generation of ${collection}`);
    await db.query(
      `INSERT INTO collections (collection, active_generation) VALUES ($1, $2)
       ON CONFLICT (collection) DO UPDATE SET active_generation = excluded.active_generation`,
      [collection, generation],
    );
  }
}

/** Name of the index serving a sort field. */
function sortIndexName(field: string): string {
  return quoteIdentifier(`docs_by_user_${field}`);
}

/**
 * Creates a `(collection, generation, user_id, data->field, id)` index per sort field, so "one
 * user's documents by <field> desc limit n" is an index range scan with no sort step. Runs in the
 * migration's transaction, whose advisory lock keeps processes opening together from racing.
 */
export async function ensurePgSortIndexes(db: Queryable, fields: readonly string[]): Promise<void> {
  for (const field of fields) {
    await db.query(`CREATE INDEX IF NOT EXISTS ${sortIndexName(field)} ON docs (collection, generation, user_id, ${pgFieldExpression(field)}, id)`);
  }
}
