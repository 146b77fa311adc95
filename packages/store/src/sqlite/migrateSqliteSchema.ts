import type { SqliteDatabase } from './openSqliteDatabase.js';
import { SQLITE_MIGRATIONS, type SqliteMigration } from './sqliteMigrations.js';

/**
 * How long an opener waits for the write lock when the file needs migrating: another process may
 * be running a migration that copies a large table (schema 2 rewrites the events), and failing
 * after the usual busy timeout would only make it start over.
 */
const MIGRATION_LOCK_WAIT_MS = 10 * 60_000;

/**
 * Brings the file to the latest schema version and returns that version. Several processes may
 * open a fresh file at once: the version is re-read inside a BEGIN IMMEDIATE transaction, so
 * exactly one of them applies each migration. Refuses a file written by a newer schema.
 */
export function migrateSqliteSchema(db: SqliteDatabase, clock: () => number, migrations: readonly SqliteMigration[] = SQLITE_MIGRATIONS): number {
  const latest = migrations.at(-1)?.version ?? 0;
  // Fast path without the write lock: every open after the first one.
  if (hasMigrationsTable(db) && currentVersion(db, latest) === latest) return latest;

  const restore = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
  try {
    migrate(db, clock, migrations);
  } finally {
    db.pragma(`busy_timeout = ${restore}`);
  }
  return latest;
}

/** Applies the missing migrations in one BEGIN IMMEDIATE transaction (re-reading the version inside it). */
function migrate(db: SqliteDatabase, clock: () => number, migrations: readonly SqliteMigration[]): void {
  const latest = migrations.at(-1)?.version ?? 0;
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at INTEGER NOT NULL
    ) STRICT`);
    const current = currentVersion(db, latest);
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      db.exec(migration.sql);
      migration.after?.(db);
      record.run(migration.version, migration.name, clock());
    }
  }).immediate();
}

function hasMigrationsTable(db: SqliteDatabase): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).get() !== undefined;
}

function currentVersion(db: SqliteDatabase, latest: number): number {
  const version = db.prepare<[], number | null>('SELECT max(version) FROM schema_migrations').pluck().get() ?? 0;
  if (version > latest) {
    throw new Error(`store file has schema version ${version}, newer than this code knows (${latest}); upgrade the code`);
  }
  return version;
}
