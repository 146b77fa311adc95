import { closeSync, fsyncSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';

/** Options of backupSqliteStore. */
export type SqliteBackupOptions = {
  /** The live store file (it may be open and written by other processes). */
  readonly file: string;
  /** Where the copy goes: a path that does not exist, or an empty file. */
  readonly to: string;
  /** How long to wait for a lock the writer holds while the copy begins, default 5000 ms. */
  readonly busyTimeoutMs?: number;
};

/**
 * Writes a consistent copy of a store file that may be in use, with `VACUUM INTO` on a read-only
 * connection of its own, then fsyncs it. VACUUM INTO rather than the online backup API
 * (better-sqlite3's `db.backup`):
 * - it copies inside one read transaction, so the copy is the log as of one commit, while the
 *   writer goes on committing to the WAL undisturbed; the backup API copies page by page between
 *   steps and starts over whenever another connection writes, so under a steady stream of alerts a
 *   large store might never finish;
 * - the copy is compacted and has no free pages: nothing deleted (a shredded data key) rides along;
 * - the copy is a single file in rollback-journal mode, no -wal beside it to lose.
 * VACUUM INTO does not sync what it wrote, so this does. The connection is read-only: a backup
 * cannot change the store. It blocks this thread for the length of the copy, which suits the
 * `hyperhook backup` process and no role.
 */
export function backupSqliteStore(options: SqliteBackupOptions): void {
  const db = new Database(options.file, { readonly: true, fileMustExist: true, timeout: options.busyTimeoutMs ?? 5000 });
  try {
    db.prepare('VACUUM INTO ?').run(options.to);
  } finally {
    db.close();
  }
  const fd = openSync(options.to, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
