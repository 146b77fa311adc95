import { chainHashOfText, GENESIS_HASH } from '../chain/eventChainHash.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** The last event's position and hash (null hash: written before the chain, or by an older version). */
type Last = { readonly position: number; readonly hash: string | null };

/** Events chained per page while catching up, so memory stays flat on a large log. */
const PAGE = 5000;

/**
 * Prepares the chain's two writes, both to run inside the write transaction: reading the head
 * before an append, and chaining the events that have no hash yet. Events are chained in global
 * order, so the unchained ones are always a suffix of the log: found from the end, never by a scan.
 */
export function prepareEventChain(db: SqliteDatabase) {
  const last = db.prepare<[], Last>('SELECT global_position AS position, hash FROM events ORDER BY global_position DESC LIMIT 1');
  const lastChained = db.prepare<[], Last>('SELECT global_position AS position, hash FROM events WHERE hash IS NOT NULL ORDER BY global_position DESC LIMIT 1');
  type Row = { position: number; streamId: string; streamVersion: number; type: string; data: string; metadata: string | null; recordedAt: number };
  const after = db.prepare<[number, number], Row>(
    'SELECT global_position AS position, stream_id AS streamId, stream_version AS streamVersion, type, data, metadata, recorded_at AS recordedAt FROM events WHERE global_position > ? ORDER BY global_position LIMIT ?',
  );
  const setHash = db.prepare<[string, number]>('UPDATE events SET hash = ? WHERE global_position = ?');

  /** Gives every event without a hash its link, in order; returns how many. */
  const chainUnchained = (): number => {
    const from = lastChained.get();
    let previous = from?.hash ?? GENESIS_HASH;
    let position = from?.position ?? 0;
    let chained = 0;
    for (let page = after.all(position, PAGE); page.length > 0; page = after.all(position, PAGE)) {
      for (const row of page) {
        previous = chainHashOfText(previous, row);
        setHash.run(previous, row.position);
        position = row.position;
        chained += 1;
      }
    }
    return chained;
  };

  /** The hash the next appended event chains to (chaining first whatever an older writer left unchained). */
  const headHash = (): string => {
    const row = last.get();
    if (row === undefined) return GENESIS_HASH;
    if (row.hash !== null) return row.hash;
    chainUnchained();
    return last.get()?.hash ?? GENESIS_HASH;
  };

  return { chainUnchained, headHash };
}
