import Database from 'better-sqlite3';

/** One stored checkpoint of an embedded store. */
export type CheckpointRow = { readonly name: string; readonly position: number; readonly updatedAt: number };

/**
 * Every checkpoint of an embedded store file, read on a read-only connection (the Checkpoints
 * port has no listing). A migration copies the consumers' checkpoints so that, the positions
 * being the same on the target, the executor, its fill recorder and the push notifier carry on
 * where they were instead of rescanning the log or skipping what they had not handled yet.
 */
export function readSqliteCheckpoints(file: string): CheckpointRow[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[], { name: string; position: number; updated_at: number }>('SELECT name, position, updated_at FROM checkpoints ORDER BY name')
      .all();
    return rows.map((row) => ({ name: row.name, position: row.position, updatedAt: row.updated_at }));
  } finally {
    db.close();
  }
}
