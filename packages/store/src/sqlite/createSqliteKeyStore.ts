import { assertNonEmptyString } from '../guards/assertions.js';
import type { KeyStore } from '../ports/KeyStore.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import type { StoreWriter } from '../writer/writeOperations.js';

/**
 * KeyStore in the `keys` table of the same file: read on this thread's connection, written
 * through the store's writer. Shredding leaves no copy behind: see shredDestroyedKeys, which the
 * writer runs after the commit that deleted a key and before `destroy` resolves.
 */
export function createSqliteKeyStore(db: SqliteDatabase, writer: StoreWriter, clock: () => number): KeyStore {
  const select = db.prepare<[string], Buffer>('SELECT wrapped_key FROM keys WHERE key_id = ?').pluck();

  return {
    async put(keyId, wrappedKey) {
      if (!(wrappedKey instanceof Uint8Array) || wrappedKey.length === 0) throw new TypeError('wrappedKey must be a non-empty Uint8Array');
      // An exact-size copy: a Buffer may be a slice of Node's shared pool, and posting it to the
      // writer thread would copy the whole pool, other secrets' bytes included.
      await writer.submit({ kind: 'putKey', keyId, wrappedKey: new Uint8Array(wrappedKey), at: clock() });
    },
    async get(keyId) {
      assertNonEmptyString(keyId, 'keyId');
      const stored = select.get(keyId);
      return stored === undefined ? undefined : new Uint8Array(stored); // a copy: callers may zero it after use
    },
    async destroy(keyId) {
      return writer.submit({ kind: 'destroyKey', keyId });
    },
  };
}
