import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase, type SqliteDatabase } from './openSqliteDatabase.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

describe('openSqliteDatabase', () => {
  let file: string;
  let cleanup: () => void;
  beforeEach(() => ({ file, cleanup } = tempStoreFile()));
  let db: SqliteDatabase | undefined;
  afterEach(() => {
    db?.close();
    cleanup();
  });

  it('given a file, when opened, then it is in WAL with the requested durability, a busy timeout and secure delete', () => {
    db = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: 4321 });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('busy_timeout', { simple: true })).toBe(4321);
    expect(db.pragma('secure_delete', { simple: true })).toBe(1);
    expect(db.pragma('journal_size_limit', { simple: true })).toBe(64 * 1024 * 1024);
  });

  it('given NORMAL, then synchronous is 1', () => {
    db = openSqliteDatabase({ file, synchronous: 'NORMAL', busyTimeoutMs: 100 });
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
  });
});
