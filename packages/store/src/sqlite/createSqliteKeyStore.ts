import type { KeyStore } from '../ports/KeyStore.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { createWriterKeyStore } from '../writer/createWriterKeyStore.js';
import type { StoreWriter } from '../writer/writeOperations.js';

/**
 * KeyStore in the `keys` table of the same file: read on this thread's connection, written
 * through the store's writer. Shredding leaves no copy behind: see shredDestroyedKeys, which the
 * writer runs after the commit that deleted a key and before `destroy` resolves.
 */
export function createSqliteKeyStore(db: SqliteDatabase, writer: StoreWriter, clock: () => number): KeyStore {
  const select = db.prepare<[string], Buffer>('SELECT wrapped_key FROM keys WHERE key_id = ?').pluck();
  return createWriterKeyStore(writer, clock, async (keyId) => select.get(keyId));
}
