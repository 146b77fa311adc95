import Database from 'better-sqlite3';

/** The better-sqlite3 connection type, named once so other adapter files need no driver import. */
export type SqliteDatabase = Database.Database;

/**
 * `FULL` fsyncs the WAL on every commit: an acknowledged append survives power loss.
 * `NORMAL` (WAL) survives process crashes but may lose the last commits on power loss.
 */
export type SqliteSynchronous = 'FULL' | 'NORMAL';

/** Connection settings. */
export type SqliteConnectionOptions = {
  readonly file: string;
  readonly synchronous: SqliteSynchronous;
  readonly busyTimeoutMs: number;
};

/** WAL files above this are truncated back after a checkpoint, so a burst does not leave a huge -wal file. */
const JOURNAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Opens one connection with the pragmas every role needs. Order matters: the busy timeout
 * comes first (the constructor's `timeout`) so that switching a fresh file to WAL waits for
 * another process opening it at the same moment instead of failing.
 */
export function openSqliteDatabase(options: SqliteConnectionOptions): SqliteDatabase {
  const db = new Database(options.file, { timeout: options.busyTimeoutMs });
  try {
    // WAL: readers never block the writer and vice versa; api, projector and executor share the file.
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal' && mode !== 'memory') throw new Error(`could not switch ${options.file} to WAL (journal_mode=${String(mode)})`);
    db.pragma(`synchronous = ${options.synchronous}`);
    // Deleted bytes are overwritten, so a destroyed data key does not linger in free pages.
    db.pragma('secure_delete = ON');
    db.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
    // Planner statistics, as SQLite recommends for long-lived connections (closeSqliteDatabase runs
    // the cheap form again). Without them a query sorted by an unindexed field scans the whole collection.
    db.pragma('optimize = 0x10002');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Refreshes planner statistics if they went stale (cheap, as SQLite recommends at close), then closes. */
export function closeSqliteDatabase(db: SqliteDatabase): void {
  try {
    if (!db.memory) db.pragma('optimize');
  } catch {
    // Statistics are an optimisation; a busy lock must not prevent closing.
  }
  db.close();
}
