import type { WriteOutcome } from './groupCommit.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/**
 * Crypto-shredding must leave no copy of a destroyed key behind. `secure_delete=ON` (set at open)
 * zeroes the deleted cell in the new page image; after the commit, a `wal_checkpoint(TRUNCATE)`
 * copies that page over the old one in the main file and empties the WAL, which still held frames
 * containing the key. It runs on the writing connection before anyone hears the key is gone. If
 * another process holds a read snapshot the truncate cannot complete at once; the old frames are
 * then overwritten by later WAL cycles (best effort: the key is already unreachable through SQL).
 */
export function shredDestroyedKeys(db: SqliteDatabase, outcomes: readonly WriteOutcome<unknown>[]): void {
  if (db.memory) return;
  const destroyed = outcomes.some((outcome) => outcome.ok && outcome.operation.kind === 'destroyKey' && outcome.result === true);
  if (destroyed) db.pragma('wal_checkpoint(TRUNCATE)');
}
