import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import type { GlobalPosition } from '../ports/events.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Prepares the synchronous checkpoint reads and writes (shared by Checkpoints and projection batches). */
export function prepareCheckpointOperations(db: SqliteDatabase) {
  const select = db.prepare<[string], number>('SELECT position FROM checkpoints WHERE name = ?').pluck();
  const save = db.prepare<[string, number, number]>(
    `INSERT INTO checkpoints (name, position, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`,
  );
  return {
    get(name: string): GlobalPosition | undefined {
      assertNonEmptyString(name, 'checkpoint name');
      return select.get(name);
    },
    /** Must run inside a write transaction; `at` is when the caller stored it (ms since the epoch). */
    set(name: string, position: GlobalPosition, at: number): void {
      assertNonEmptyString(name, 'checkpoint name');
      assertInteger(position, 'checkpoint position');
      save.run(name, position, at);
    },
  };
}

/** The prepared operations. */
export type CheckpointOperations = ReturnType<typeof prepareCheckpointOperations>;
