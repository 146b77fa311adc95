import Database from 'better-sqlite3';

/** One row of a store's `keys` table: a wrapped data key as the KeyStore keeps it. */
export type WrappedKeyRow = {
  readonly keyId: string;
  readonly wrappedKey: Uint8Array;
  readonly createdAt: number;
};

/**
 * Every wrapped data key of an embedded store file. The KeyStore port has no listing (roles only
 * ever ask for one user's key), so a migration reads the table itself, on a read-only connection:
 * copying a store must not be able to change it.
 */
export function readSqliteKeys(file: string): WrappedKeyRow[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[], { key_id: string; wrapped_key: Buffer; created_at: number }>('SELECT key_id, wrapped_key, created_at FROM keys ORDER BY key_id')
      .all();
    return rows.map((row) => ({ keyId: row.key_id, wrappedKey: new Uint8Array(row.wrapped_key), createdAt: row.created_at }));
  } finally {
    db.close();
  }
}
