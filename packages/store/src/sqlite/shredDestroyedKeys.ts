import type { WriteOutcome } from './groupCommit.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** How long the truncating checkpoint is retried while another checkpoint holds it off, and how often. */
export const TRUNCATE_RETRY_MS = 250;
export const TRUNCATE_RETRY_STEP_MS = 5;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the calling thread for `ms`. */
const blockFor = (ms: number): void => void Atomics.wait(pause, 0, 0, ms);

/**
 * Crypto-shredding must leave no copy of a destroyed key behind. `secure_delete=ON` (set at open)
 * zeroes the deleted cell in the new page image; after the commit, a `wal_checkpoint(TRUNCATE)`
 * copies that page over the old one in the main file and empties the WAL, which still held frames
 * containing the key. It runs on the writing connection before anyone hears the key is gone.
 *
 * SQLite answers busy at once, without its busy handler, when another checkpoint is running: the
 * store's own background checkpointer runs one every few milliseconds under load. So a busy
 * answer is retried for up to TRUNCATE_RETRY_MS (destroying a key is rare). The pause blocks the
 * thread that writes: the writer thread in `hyperhook start`, the caller's own thread with an
 * inline writer. If a reader of another process holds its snapshot longer, the old frames are
 * overwritten by later WAL cycles (best effort: the key is already unreachable through SQL).
 * `wait` is the pause, injected by tests so they count the waits instead of timing them.
 */
export function shredDestroyedKeys(db: SqliteDatabase, outcomes: readonly WriteOutcome<unknown>[], wait: (ms: number) => void = blockFor): void {
  if (db.memory) return;
  const destroyed = outcomes.some((outcome) => outcome.ok && outcome.operation.kind === 'destroyKey' && outcome.result === true);
  if (!destroyed) return;
  for (let waited = 0; ; waited += TRUNCATE_RETRY_STEP_MS) {
    const [row] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (row?.busy !== 1 || waited >= TRUNCATE_RETRY_MS) return;
    wait(TRUNCATE_RETRY_STEP_MS);
  }
}
