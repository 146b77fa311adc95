import { assertNonEmptyString } from '../guards/assertions.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Prepares the writes of the `keys` table; both must run inside a write transaction. */
export function prepareKeyOperations(db: SqliteDatabase) {
  const save = db.prepare<[string, Uint8Array, number]>(
    `INSERT INTO keys (key_id, wrapped_key, created_at) VALUES (?, ?, ?)
     ON CONFLICT (key_id) DO UPDATE SET wrapped_key = excluded.wrapped_key`,
  );
  const remove = db.prepare<[string]>('DELETE FROM keys WHERE key_id = ?');
  return {
    put(keyId: string, wrappedKey: Uint8Array, at: number): void {
      assertNonEmptyString(keyId, 'keyId');
      save.run(keyId, wrappedKey, at); // its type and size are checked by the KeyStore, which copies it
    },
    /** True when the key existed. */
    destroy(keyId: string): boolean {
      assertNonEmptyString(keyId, 'keyId');
      return remove.run(keyId).changes > 0;
    },
  };
}

/** The prepared operations. */
export type KeyOperations = ReturnType<typeof prepareKeyOperations>;
