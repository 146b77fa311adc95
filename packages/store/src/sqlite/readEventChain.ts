import { assertInteger } from '../guards/assertions.js';
import type { ChainLink, EventChain } from '../ports/EventChain.js';
import { recordedEventOfRow } from '../rows/recordedEventOfRow.js';
import { EVENT_COLUMNS, type EventRow } from './eventRows.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** The chain as the store file keeps it: the `hash` column of each event. */
export function createSqliteEventChain(db: SqliteDatabase): EventChain {
  const links = db
    .prepare<[number, number], [string | null, ...EventRow]>(
      `SELECT hash, ${EVENT_COLUMNS} FROM events WHERE global_position > ? ORDER BY global_position LIMIT ?`,
    )
    .raw();
  // The last chained event: every append chains its events, so it is the last event unless an
  // older version of the product wrote after it.
  const head = db.prepare<[], { position: number; hash: string }>(
    'SELECT global_position AS position, hash FROM events WHERE hash IS NOT NULL ORDER BY global_position DESC LIMIT 1',
  );
  const hashes = db
    .prepare<[string], [number, string]>(
      'SELECT global_position, hash FROM events WHERE global_position IN (SELECT value FROM json_each(?)) AND hash IS NOT NULL',
    )
    .raw();
  return {
    async hashesAt(positions) {
      positions.forEach((position, i) => assertInteger(position, `positions[${i}]`));
      return new Map(hashes.all(JSON.stringify(positions)));
    },
    async head() {
      return head.get() ?? null;
    },
    async readLinks(options = {}) {
      const from = options.fromPosition ?? 0;
      const limit = options.maxCount ?? 1000;
      assertInteger(from, 'fromPosition');
      assertInteger(limit, 'maxCount', 1);
      return links.all(from, limit).map(([hash, ...columns]): ChainLink => ({ event: recordedEventOfRow(columns), hash }));
    },
  };
}
