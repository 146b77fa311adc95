import type pg from 'pg';
import { assertNonEmptyString } from '../guards/assertions.js';
import type { Checkpoints } from '../ports/Checkpoints.js';
import type { StoreWriter } from '../writer/writeOperations.js';

/** Checkpoints: read on the pool, written through the store's group committer. */
export function createPgCheckpoints(pool: pg.Pool, writer: StoreWriter, clock: () => number): Checkpoints {
  return {
    async get(name) {
      assertNonEmptyString(name, 'checkpoint name');
      const { rows } = await pool.query<{ position: number }>('SELECT position FROM checkpoints WHERE name = $1', [name]);
      return rows[0]?.position;
    },
    async set(name, position) {
      await writer.submit({ kind: 'setCheckpoint', name, position, at: clock() });
    },
  };
}
