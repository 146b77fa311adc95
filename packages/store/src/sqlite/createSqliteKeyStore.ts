import { assertNonEmptyString } from '../guards/assertions.js';
import type { KeyStore } from '../ports/KeyStore.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/**
 * KeyStore in the `keys` table of the same file. Shredding must leave no copy behind:
 * `secure_delete=ON` (set at open) zeroes the deleted cell in the new page image, and a
 * `wal_checkpoint(TRUNCATE)` right after the delete copies that page over the old one in the
 * main file and empties the WAL, which still held frames containing the key. If another process
 * holds a read snapshot the truncate cannot complete at once; the old frames are then overwritten
 * by later WAL cycles (this is best effort, and the key is already unreachable through SQL).
 */
export function createSqliteKeyStore(db: SqliteDatabase, clock: () => number): KeyStore {
  const save = db.prepare<[string, Uint8Array, number]>(
    `INSERT INTO keys (key_id, wrapped_key, created_at) VALUES (?, ?, ?)
     ON CONFLICT (key_id) DO UPDATE SET wrapped_key = excluded.wrapped_key`,
  );
  const select = db.prepare<[string], Buffer>('SELECT wrapped_key FROM keys WHERE key_id = ?').pluck();
  const remove = db.prepare<[string]>('DELETE FROM keys WHERE key_id = ?');
  const put = db.transaction((keyId: string, wrappedKey: Uint8Array) => save.run(keyId, wrappedKey, clock()));
  const destroy = db.transaction((keyId: string) => remove.run(keyId).changes > 0);

  return {
    async put(keyId, wrappedKey) {
      assertNonEmptyString(keyId, 'keyId');
      if (!(wrappedKey instanceof Uint8Array) || wrappedKey.length === 0) throw new TypeError('wrappedKey must be a non-empty Uint8Array');
      put.immediate(keyId, wrappedKey);
    },
    async get(keyId) {
      assertNonEmptyString(keyId, 'keyId');
      const stored = select.get(keyId);
      return stored === undefined ? undefined : new Uint8Array(stored); // a copy: callers may zero it after use
    },
    async destroy(keyId) {
      assertNonEmptyString(keyId, 'keyId');
      const existed = destroy.immediate(keyId);
      if (existed && !db.memory) db.pragma('wal_checkpoint(TRUNCATE)');
      return existed;
    },
  };
}
