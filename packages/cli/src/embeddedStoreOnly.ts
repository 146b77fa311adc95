import type { Config } from './config.js';

/**
 * `backup` and `restore` copy the embedded SQLite file; on a cluster store they would copy
 * nothing, or a stale file left in the data dir, and call it a backup. Refused, naming the
 * backend's own tools instead.
 */
export function embeddedStoreOnly(config: Pick<Config, 'DATABASE_URL' | 'KURRENTDB_URL' | 'MONGODB_URL'>, command: 'backup' | 'restore'): void {
  if (config.DATABASE_URL !== undefined) {
    throw new Error(
      `${command} copies the embedded SQLite store, but DATABASE_URL puts this deployment on PostgreSQL: ${command === 'backup' ? 'dump its schema with pg_dump --schema=<schema> -Fc' : 'restore a pg_dump of its schema with pg_restore'} (README, "Restore drill on PostgreSQL")`,
    );
  }
  if (config.KURRENTDB_URL !== undefined || config.MONGODB_URL !== undefined) {
    throw new Error(
      `${command} copies the embedded SQLite store, but KURRENTDB_URL / MONGODB_URL put this deployment on KurrentDB + MongoDB: use their own backups (KurrentDB's backup of its database files, mongodump of the database)`,
    );
  }
}
