import type pg from 'pg';
import { chainHashOfText, GENESIS_HASH } from '../chain/eventChainHash.js';
import { assertInteger } from '../guards/assertions.js';
import type { ChainLink, EventChain } from '../ports/EventChain.js';
import { PG_EVENT_COLUMNS, toRecordedEventFromPg, type PgEventRow } from './pgEventRows.js';

/** Events chained per statement while catching up. */
const PAGE = 5000;

type TextRow = [position: number, streamId: string, streamVersion: number, type: string, data: string, metadata: string | null, recordedAt: number];

/**
 * Gives every event without a hash its link, in global order, and returns how many. It must run
 * where nothing else appends (the migration's lock, or an appender holding `log_head`): events are
 * chained in order, so the unchained ones are a suffix of the log. The JSON is hashed from its
 * stored text (`json` keeps it as appended), parsed as every reader parses it.
 */
export async function chainUnchainedPgEvents(client: pg.ClientBase): Promise<number> {
  const { rows: from } = await client.query<[number, string]>({
    text: 'SELECT global_position, hash FROM events WHERE hash IS NOT NULL ORDER BY global_position DESC LIMIT 1',
    rowMode: 'array',
  });
  let [position, previous] = from[0] ?? [0, GENESIS_HASH];
  let chained = 0;
  for (;;) {
    const { rows } = await client.query<TextRow>({
      text: 'SELECT global_position, stream_id, stream_version, type, data::text, metadata::text, recorded_at FROM events WHERE global_position > $1 ORDER BY global_position LIMIT $2',
      values: [position, PAGE],
      rowMode: 'array',
    });
    if (rows.length === 0) return chained;
    const hashes = rows.map(
      ([, streamId, streamVersion, type, data, metadata, recordedAt]) =>
        (previous = chainHashOfText(previous, { type, streamId, streamVersion, data, metadata, recordedAt })),
    );
    await client.query('UPDATE events SET hash = v.hash FROM unnest($1::bigint[], $2::text[]) AS v(position, hash) WHERE events.global_position = v.position', [
      rows.map((row) => row[0]),
      hashes,
    ]);
    position = rows.at(-1)![0];
    chained += rows.length;
  }
}

/** The hash the next event after `head` chains to, for an appender holding `log_head` (chaining first what an older version left unchained). */
export async function pgHeadHash(client: pg.ClientBase, head: number): Promise<string> {
  if (head === 0) return GENESIS_HASH;
  const read = async () =>
    (await client.query<[string | null]>({ text: 'SELECT hash FROM events WHERE global_position = $1', values: [head], rowMode: 'array' })).rows[0]?.[0] ??
    null;
  const hash = await read();
  if (hash !== null) return hash;
  await chainUnchainedPgEvents(client);
  return (await read()) ?? GENESIS_HASH;
}

/** The chain as a PostgreSQL store keeps it: the `hash` column of each event. */
export function createPgEventChain(pool: pg.Pool): EventChain {
  return {
    async hashesAt(positions) {
      positions.forEach((position, i) => assertInteger(position, `positions[${i}]`));
      const { rows } = await pool.query<[number, string]>({
        text: 'SELECT global_position, hash FROM events WHERE global_position = ANY($1::bigint[]) AND hash IS NOT NULL',
        values: [positions],
        rowMode: 'array',
      });
      return new Map(rows);
    },
    async head() {
      const { rows } = await pool.query<[number, string]>({
        text: 'SELECT global_position, hash FROM events WHERE hash IS NOT NULL ORDER BY global_position DESC LIMIT 1',
        rowMode: 'array',
      });
      const row = rows[0];
      return row === undefined ? null : { position: row[0], hash: row[1] };
    },
    async readLinks(options = {}) {
      const from = options.fromPosition ?? 0;
      const limit = options.maxCount ?? 1000;
      assertInteger(from, 'fromPosition');
      assertInteger(limit, 'maxCount', 1);
      const { rows } = await pool.query<[string | null, ...PgEventRow]>({
        text: `SELECT hash, ${PG_EVENT_COLUMNS} FROM events WHERE global_position > $1 ORDER BY global_position LIMIT $2`,
        values: [from, limit],
        rowMode: 'array',
      });
      return rows.map(([hash, ...columns]): ChainLink => ({ event: toRecordedEventFromPg(columns), hash }));
    },
  };
}
