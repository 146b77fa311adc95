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
  /**
   * Gather planner statistics at open and close, default true. The writer thread's connection
   * skips it: its statements are key lookups, and `optimize` may need the write lock, which another
   * process could be holding just then.
   */
  readonly planner?: boolean;
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
    if (options.planner !== false) gatherPlannerStatistics(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * `optimize` may write its statistics, so it needs the write lock: while another process holds it
 * past the busy timeout (a long migration, say), the store still opens, without fresh statistics.
 */
function gatherPlannerStatistics(db: SqliteDatabase): void {
  try {
    db.pragma('optimize = 0x10002');
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
  }
}

/** Refreshes planner statistics if they went stale (cheap, as SQLite recommends at close), then closes. */
export function closeSqliteDatabase(db: SqliteDatabase, planner = true): void {
  try {
    if (planner && !db.memory) db.pragma('optimize');
  } catch {
    // Statistics are an optimisation; a busy lock must not prevent closing.
  }
  db.close();
}
