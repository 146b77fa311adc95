import type pg from 'pg';
import type { KeyStore } from '../ports/KeyStore.js';
import { createWriterKeyStore } from '../writer/createWriterKeyStore.js';
import type { StoreWriter } from '../writer/writeOperations.js';

/**
 * KeyStore in the `keys` table: read on the pool, written through the store's group committer.
 * A destroyed key's row is deleted, then (before `destroy` resolves) `VACUUM FULL keys`
 * rewrites the small table into new files and drops the old ones, so no page of the database
 * keeps the dead row. WAL segments and base backups made before still hold it until they are
 * recycled or expire: infra/README.md says how to keep those short.
 */
export function createPgKeyStore(pool: pg.Pool, writer: StoreWriter, clock: () => number): KeyStore {
  return createWriterKeyStore(writer, clock, async (keyId) => {
    const { rows } = await pool.query<{ wrapped_key: Buffer }>('SELECT wrapped_key FROM keys WHERE key_id = $1', [keyId]);
    return rows[0]?.wrapped_key;
  });
}

/** Rewrites `keys` without its dead rows (VACUUM cannot run inside a transaction block, so after the commit). */
export async function shredPgKeys(pool: pg.Pool): Promise<void> {
  await pool.query('VACUUM FULL keys');
}
