import { prepareEventChain } from './chainEvents.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** One forward-only schema step. Versions start at 1 and never change once shipped. */
export type SqliteMigration = {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  /** What SQL cannot do, run after `sql` in the same transaction. */
  readonly after?: (db: SqliteDatabase) => void;
};

/**
 * The schema of the single store file (event-store.md, Appendix A, extended):
 * - `events.global_position` is the rowid, assigned under SQLite's single write lock, so commit
 *   order == position order across processes; since the triggers forbid deleting events, the
 *   next rowid is always the largest one plus one and a committed position is never reused;
 * - a stream's version is the largest `stream_version` of its events, read from the
 *   `(stream_id, stream_version)` index;
 * - triggers make the log append-only; an event's `hash` (its link in the chain of the whole log,
 *   docs/design/event-hash-chain.md) is written with it, and may only ever be set once where the
 *   event had none (events older than the chain, chained by migration 3);
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
  {
    version: 2,
    name: 'stream versions from the events index; positions without sqlite_sequence',
    // Every commit used to write, besides the events and their indexes, a page of 'streams'
    // (a second B-tree keyed by stream id, so a random page for hash-named streams such as
    // dedupe claims) and the 'sqlite_sequence' page of AUTOINCREMENT: about 3.5 of the 8.7 WAL
    // pages of an intake commit (bench/README.md, ingress). Both were redundant: versions are in
    // the unique index, and append-only rows make the plain rowid as good as AUTOINCREMENT.
    sql: `
      DROP TABLE streams;

      CREATE TABLE events_v2 (
        global_position INTEGER PRIMARY KEY,
        stream_id TEXT NOT NULL,
        stream_version INTEGER NOT NULL,
        event_id TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT,
        recorded_at INTEGER NOT NULL,
        UNIQUE (stream_id, stream_version)
      ) STRICT;
      INSERT INTO events_v2 (global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at)
        SELECT global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at FROM events ORDER BY global_position;
      DROP TABLE events;
      DELETE FROM sqlite_sequence WHERE name = 'events';
      ALTER TABLE events_v2 RENAME TO events;

      CREATE TRIGGER events_no_update BEFORE UPDATE ON events
      BEGIN SELECT RAISE(ABORT, 'events are immutable'); END;
      CREATE TRIGGER events_no_delete BEFORE DELETE ON events
      BEGIN SELECT RAISE(ABORT, 'events are immutable'); END;
    `,
  },
  {
    version: 3,
    name: 'the event hash chain',
    // A column rather than a table: an intake commit writes no extra B-tree page for it.
    sql: `
      ALTER TABLE events ADD COLUMN hash TEXT;

      DROP TRIGGER events_no_update;
      CREATE TRIGGER events_no_update BEFORE UPDATE ON events
      WHEN NOT (
        OLD.hash IS NULL AND NEW.hash IS NOT NULL
        AND NEW.global_position = OLD.global_position AND NEW.stream_id = OLD.stream_id
        AND NEW.stream_version = OLD.stream_version AND NEW.event_id = OLD.event_id AND NEW.type = OLD.type
        AND NEW.data = OLD.data AND NEW.metadata IS OLD.metadata AND NEW.recorded_at = OLD.recorded_at
      )
      BEGIN SELECT RAISE(ABORT, 'events are immutable'); END;
    `,
    after: (db) => {
      prepareEventChain(db).chainUnchained();
    },
  },
];
