import { Binary } from 'mongodb';
import { assertNonEmptyString } from '../guards/assertions.js';
import type { KeyStore } from '../ports/KeyStore.js';
import type { ReadModelCollections } from './mongoCollections.js';

/**
 * KeyStore in the `keys` collection. Crypto-shredding is best-effort here, as with the WAL on
 * PostgreSQL: `destroy` deletes the document, but WiredTiger reuses the freed blocks only later,
 * so the wrapped key's bytes can stay in the collection's data file until they are overwritten or
 * the collection is compacted (`compact`, a dbAdmin command this adapter does not run on its own:
 * it needs privileges, runs per node and is not available on every hosted tier), and they stay in
 * the journal, in the oplog (its size or `oplogMinRetentionHours` bounds how long) and in backups
 * until those roll over. A key is wrapped under the master key, so a leftover copy is useless
 * without it; infra docs should keep oplog window and backup retention short.
 */
export function createMongoKeyStore(db: ReadModelCollections, clock: () => number): KeyStore {
  return {
    async put(keyId, wrappedKey) {
      assertNonEmptyString(keyId, 'keyId');
      if (!(wrappedKey instanceof Uint8Array) || wrappedKey.length === 0) throw new TypeError('wrappedKey must be a non-empty Uint8Array');
      // A copy: the caller may zero its buffer once put resolves.
      await db.keys.updateOne(
        { _id: keyId },
        { $set: { wrappedKey: new Binary(new Uint8Array(wrappedKey)) }, $setOnInsert: { createdAt: clock() } },
        { upsert: true },
      );
    },
    async get(keyId) {
      assertNonEmptyString(keyId, 'keyId');
      const record = await db.keys.findOne({ _id: keyId });
      if (record === null) return undefined;
      // value() is a view of exactly the key's bytes (a Binary's buffer may be longer); return a
      // copy, since callers zero it after use and that must not touch anything the driver keeps.
      return new Uint8Array(record.wrappedKey.value());
    },
    async destroy(keyId) {
      assertNonEmptyString(keyId, 'keyId');
      const { deletedCount } = await db.keys.deleteOne({ _id: keyId });
      return deletedCount > 0;
    },
  };
}
