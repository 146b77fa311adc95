import type pg from 'pg';
import { ensurePgSortIndexes } from './pgDocuments.js';
import { PG_MIGRATIONS, type PgMigration } from './pgMigrations.js';
import { quoteIdentifier } from './pgIdentifiers.js';

/**
 * Creates the store's schema if needed, applies the migrations it has not had yet and creates
 * the sort indexes, in one transaction under an advisory lock on the schema's name, so
 * processes starting together migrate once and never see half a schema.
 */
export async function migratePgSchema(
  client: pg.ClientBase,
  schema: string,
  options: { readonly clock: () => number; readonly sortFields: readonly string[]; readonly migrations?: readonly PgMigration[] },
): Promise<number> {
  const migrations = options.migrations ?? PG_MIGRATIONS;
  const clock = options.clock;
  const quoted = quoteIdentifier(schema);
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('hyperhook.migrate.' || $1::text))`, [schema]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoted}`);
    await client.query(`SET LOCAL search_path TO ${quoted}`);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)`);
    const { rows } = await client.query<{ version: number }>('SELECT coalesce(max(version), 0) AS version FROM schema_migrations');
    const current = rows[0]?.version ?? 0;
    const newest = migrations.at(-1)?.version ?? 0;
    if (current > newest) throw new Error(`the store in schema ${schema} is at version ${current}, newer than this build (${newest}): upgrade hyperhook`);
    for (const migration of migrations.filter((m) => m.version > current)) {
      await client.query(migration.sql);
      await migration.after?.(client);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, clock()]);
    }
    await ensurePgSortIndexes(client, options.sortFields);
    await client.query('COMMIT');
    return newest;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
