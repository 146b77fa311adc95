import { assertNonEmptyString } from '../guards/assertions.js';
import type { KeyStore } from '../ports/KeyStore.js';
import type { StoreWriter } from './writeOperations.js';

/**
 * KeyStore whose writes go through the store's writer (SQLite or PostgreSQL) and whose reads
 * are the adapter's `readKey`. What shredding a destroyed key takes is the writer's business.
 */
export function createWriterKeyStore(writer: StoreWriter, clock: () => number, readKey: (keyId: string) => Promise<Uint8Array | undefined>): KeyStore {
  return {
    async put(keyId, wrappedKey) {
      if (!(wrappedKey instanceof Uint8Array) || wrappedKey.length === 0) throw new TypeError('wrappedKey must be a non-empty Uint8Array');
      // An exact-size copy: a Buffer may be a slice of Node's shared pool, and posting it to a
      // writer thread would copy the whole pool, other secrets' bytes included.
      await writer.submit({ kind: 'putKey', keyId, wrappedKey: new Uint8Array(wrappedKey), at: clock() });
    },
    async get(keyId) {
      assertNonEmptyString(keyId, 'keyId');
      const stored = await readKey(keyId);
      return stored === undefined ? undefined : new Uint8Array(stored); // a copy: callers may zero it after use
    },
    async destroy(keyId) {
      return writer.submit({ kind: 'destroyKey', keyId });
    },
  };
}
