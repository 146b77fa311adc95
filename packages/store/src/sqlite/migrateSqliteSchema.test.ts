import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateSqliteSchema } from './migrateSqliteSchema.js';
import { openSqliteDatabase, type SqliteDatabase } from './openSqliteDatabase.js';
import { openSqliteStore } from './openSqliteStore.js';
import { SQLITE_MIGRATIONS } from './sqliteMigrations.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

describe('migrateSqliteSchema', () => {
  let db: SqliteDatabase;
  beforeEach(() => {
    db = openSqliteDatabase({ file: ':memory:', synchronous: 'FULL', busyTimeoutMs: 100 });
  });
  afterEach(() => db.close());

  const latest = SQLITE_MIGRATIONS.at(-1)?.version;

  it('given a fresh file, when migrated, then every migration is recorded once with its name', () => {
    expect(migrateSqliteSchema(db, () => 1234)).toBe(latest);
    expect(db.prepare('SELECT version, name, applied_at FROM schema_migrations').all()).toEqual(
      SQLITE_MIGRATIONS.map((m) => ({ version: m.version, name: m.name, applied_at: 1234 })),
    );
  });

  it('given a migrated file, when migrated again, then nothing is re-applied', () => {
    migrateSqliteSchema(db, () => 1);
    migrateSqliteSchema(db, () => 2);
    expect(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(SQLITE_MIGRATIONS.length);
  });

  it('given a file at version 1, when a later migration ships, then only that one runs', () => {
    migrateSqliteSchema(db, () => 1);
    const next = { version: 1000, name: 'add a table', sql: 'CREATE TABLE extra (x INTEGER) STRICT' };
    expect(migrateSqliteSchema(db, () => 2, [...SQLITE_MIGRATIONS, next])).toBe(1000);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'extra'`).pluck().get()).toBe('extra');
  });

  it('given a file written by a newer schema, when opened by older code, then it refuses', () => {
    migrateSqliteSchema(db, () => 1);
    db.prepare('INSERT INTO schema_migrations VALUES (9999, ?, 0)').run('from the future');
    expect(() => migrateSqliteSchema(db, () => 1)).toThrow(/newer than this code/);
  });

  it('given stored events, when anything tries to update or delete them, then the triggers refuse', () => {
    migrateSqliteSchema(db, () => 1);
    db.prepare(`INSERT INTO events (stream_id, stream_version, event_id, type, data, recorded_at) VALUES ('s', 0, 'e', 't', '{}', 0)`).run();
    expect(() => db.prepare(`UPDATE events SET data = '{"x":1}'`).run()).toThrow(/immutable/);
    expect(() => db.prepare('DELETE FROM events').run()).toThrow(/immutable/);
  });
});

describe('openSqliteStore on a newer file', () => {
  it('given a file from newer code, then opening rejects and leaves the file alone', async () => {
    const { file, cleanup } = tempStoreFile();
    try {
      const store = await openSqliteStore({ file });
      await store.close();
      const raw = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: 100 });
      raw.prepare(`INSERT INTO schema_migrations VALUES (9999, 'future', 0)`).run();
      raw.close();
      await expect(openSqliteStore({ file })).rejects.toThrow(/newer than this code/);
    } finally {
      cleanup();
    }
  });
});

describe('migration 2: stream versions from the events index, positions without sqlite_sequence', () => {
  it('given a version-1 file with events, when opened by this code, then positions, versions and ids are kept and appends continue after them', async () => {
    // given: a file at schema version 1 holding two streams
    const { file, cleanup } = tempStoreFile();
    try {
      const raw = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: 100 });
      migrateSqliteSchema(
        raw,
        () => 1,
        SQLITE_MIGRATIONS.filter((m) => m.version === 1),
      );
      const insert = raw.prepare(`INSERT INTO events (stream_id, stream_version, event_id, type, data, recorded_at) VALUES (?, ?, ?, 'T', '{}', 0)`);
      const saveVersion = raw.prepare('INSERT OR REPLACE INTO streams (stream_id, version) VALUES (?, ?)');
      for (const [stream, version, id] of [
        ['a', 0, '00000000-0000-7000-8000-000000000001'],
        ['b', 0, '00000000-0000-7000-8000-000000000002'],
        ['a', 1, '00000000-0000-7000-8000-000000000003'],
      ] as const) {
        insert.run(stream, version, id);
        saveVersion.run(stream, version);
      }
      raw.close();

      // when
      const store = await openSqliteStore({ file, backgroundCheckpoints: false });
      try {
        // then: the log is unchanged and the next append of `a` follows version 1 at position 4
        expect((await store.eventStore.readAll()).map((e) => [e.streamId, e.streamVersion, e.globalPosition, e.eventId])).toEqual([
          ['a', 0, 1, '00000000-0000-7000-8000-000000000001'],
          ['b', 0, 2, '00000000-0000-7000-8000-000000000002'],
          ['a', 1, 3, '00000000-0000-7000-8000-000000000003'],
        ]);
        await expect(store.eventStore.append('a', [{ type: 'T', data: {} }], { expectedVersion: 0 })).rejects.toThrow();
        expect(await store.eventStore.append('a', [{ type: 'T', data: {} }], { expectedVersion: 1 })).toEqual({ nextExpectedVersion: 2, lastPosition: 4 });
      } finally {
        await store.close();
      }
      const after = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: 100 });
      try {
        expect(after.prepare(`SELECT name FROM sqlite_master WHERE name IN ('streams', 'events_v2')`).all()).toEqual([]);
        expect(after.prepare(`SELECT sql FROM sqlite_master WHERE name = 'events'`).pluck().get()).not.toMatch(/AUTOINCREMENT/);
        expect(() => after.prepare('DELETE FROM events').run()).toThrow(/immutable/);
        expect(() => after.prepare(`UPDATE events SET type = 'X'`).run()).toThrow(/immutable/);
      } finally {
        after.close();
      }
    } finally {
      cleanup();
    }
  });

  it('given the events table, when a stream version is read, then it is one seek in the (stream_id, stream_version) index', () => {
    // given
    const db = openSqliteDatabase({ file: ':memory:', synchronous: 'FULL', busyTimeoutMs: 100 });
    try {
      migrateSqliteSchema(db, () => 1);
      // when
      const plan = db.prepare('EXPLAIN QUERY PLAN SELECT max(stream_version) FROM events WHERE stream_id = ?').all('s') as { detail: string }[];
      // then
      expect(plan.map((row) => row.detail).join('\n')).toMatch(/SEARCH events USING COVERING INDEX sqlite_autoindex_events_\d+ \(stream_id=\?\)/);
    } finally {
      db.close();
    }
  });
});

describe('opening a file that another process is migrating', () => {
  it('given another process holding the write lock longer than the busy timeout, when a file that needs migrating is opened, then the opener waits for it instead of failing', async () => {
    // given: a version-1 file, and a child process that takes the write lock for 400 ms (as a long
    // migration would), creating a table it commits only as it lets go
    const { file, cleanup } = tempStoreFile();
    try {
      const raw = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: 100 });
      migrateSqliteSchema(
        raw,
        () => 1,
        SQLITE_MIGRATIONS.filter((m) => m.version === 1),
      );
      raw.close();
      const holder = spawn(
        process.execPath,
        [
          '-e',
          `const db = new (require('better-sqlite3'))(process.argv[1]); db.exec('BEGIN IMMEDIATE'); db.exec('CREATE TABLE held_lock (x)'); console.log('locked'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400); db.exec('COMMIT'); db.close();`,
          file,
        ],
        { cwd: fileURLToPath(new URL('../../../../', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const holderExited = new Promise((resolve) => holder.on('exit', resolve));
      await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
      const reader = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: 100, planner: false });
      const holderCommitted = () => (reader.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'held_lock'").get() as { n: number }).n === 1;
      // when
      const store = await openSqliteStore({ file, busyTimeoutMs: 50 });
      // then: the holder's commit is already visible the moment the open returns
      expect(holderCommitted()).toBe(true);
      reader.close();
      expect(await store.eventStore.append('s', [{ type: 'T', data: {} }])).toMatchObject({ lastPosition: 1 });
      await store.close();
      expect(await holderExited).toBe(0);
    } finally {
      cleanup();
    }
  });
});
