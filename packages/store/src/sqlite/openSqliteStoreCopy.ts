import { closeSync, openSync, readSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { EventChain } from '../ports/EventChain.js';
import { createSqliteEventChain } from './readEventChain.js';

/** A store file opened to be checked, never written: a backup, or one about to be restored. */
export interface SqliteStoreCopy {
  /** What `PRAGMA integrity_check` finds wrong (pages, indexes, the file cut short); empty when the file holds together. */
  integrityProblems(): string[];
  /** The copy's hash chain, to walk as `hyperhook verify` walks the live log. */
  readonly chain: EventChain;
  close(): void;
}

/** The first 16 bytes of every SQLite database file. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Opens a copy of a store file read-only, after checking from its header that it is one a
 * backup writes: a SQLite database in rollback-journal mode. A file in WAL mode is refused rather
 * than opened, because its commits since the last checkpoint would be in a -wal file beside it
 * (a file copied from under a running store), and opening it would create -wal and -shm files
 * next to the operator's file. Read-only: checking a backup must not be able to change it.
 */
export function openSqliteStoreCopy(file: string): SqliteStoreCopy {
  const header = Buffer.alloc(20);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 0) throw new Error(`${file} is empty: not a hyperhook store`);
  if (read < header.length || !header.subarray(0, 16).equals(SQLITE_MAGIC)) throw new Error(`${file} is not a SQLite database: not a hyperhook store`);
  // Bytes 18 and 19: the write and read format versions, 2 in WAL mode (sqlite.org/fileformat.html).
  if (header[18] === 2 || header[19] === 2) {
    throw new Error(
      `${file} is in WAL mode: it is a copy of a live store file, whose latest commits may be in a -wal file beside it, not a backup; make one with hyperhook backup --to <file>`,
    );
  }
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const events = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'`).get();
    if (events === undefined) throw new Error(`${file} holds no event log: not a hyperhook store`);
    return {
      integrityProblems() {
        try {
          const rows = db.prepare<[], { integrity_check: string }>('PRAGMA integrity_check').all();
          return rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
        } catch (error) {
          // A file cut short or overwritten is often past what the check can list: SQLite refuses to read on.
          return [error instanceof Error ? error.message : String(error)];
        }
      },
      chain: createSqliteEventChain(db),
      close: () => db.close(),
    };
  } catch (error) {
    db.close();
    if ((error as { code?: unknown }).code === 'SQLITE_CORRUPT' || (error as { code?: unknown }).code === 'SQLITE_NOTADB') {
      throw new Error(`${file} is damaged (${(error as Error).message}): not a usable backup`, { cause: error });
    }
    throw error;
  }
}
