/** One forward-only schema step. Versions start at 1 and never change once shipped. */
export type SqliteMigration = {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
};

/**
 * The schema of the single store file (event-store.md, Appendix A, extended):
 * - `events.global_position` is an AUTOINCREMENT rowid assigned under SQLite's single write
 *   lock, so commit order == position order across processes and positions are never reused;
 * - triggers make the log append-only;
 * - `docs` holds JSON read models per collection *generation* (rebuilds write N+1 while N
 *   serves); `data` NULL is a tombstone that keeps the version of a versioned delete;
 * - `collections` records the active generation of each collection;
 * - `keys` is the only mutable secret storage (crypto-shredding), outside the event log.
 * Per-user sort indexes are created at open from the configured sort fields (ensureSortIndexes).
 */
export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    name: 'events, streams, docs, collections, checkpoints, keys',
    sql: `
      CREATE TABLE streams (
        stream_id TEXT PRIMARY KEY,
        version INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE events (
        global_position INTEGER PRIMARY KEY AUTOINCREMENT,
        stream_id TEXT NOT NULL,
        stream_version INTEGER NOT NULL,
        event_id TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT,
        recorded_at INTEGER NOT NULL,
        UNIQUE (stream_id, stream_version)
      ) STRICT;

      CREATE TRIGGER events_no_update BEFORE UPDATE ON events
      BEGIN SELECT RAISE(ABORT, 'events are immutable'); END;
      CREATE TRIGGER events_no_delete BEFORE DELETE ON events
      BEGIN SELECT RAISE(ABORT, 'events are immutable'); END;

      CREATE TABLE docs (
        collection TEXT NOT NULL,
        generation INTEGER NOT NULL,
        id TEXT NOT NULL,
        user_id TEXT,
        version INTEGER NOT NULL,
        data TEXT,
        PRIMARY KEY (collection, generation, id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE collections (
        collection TEXT PRIMARY KEY,
        active_generation INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE checkpoints (
        name TEXT PRIMARY KEY,
        position INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE keys (
        key_id TEXT PRIMARY KEY,
        wrapped_key BLOB NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
    `,
  },
];
