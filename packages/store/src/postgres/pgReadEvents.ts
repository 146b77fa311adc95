import type pg from 'pg';
import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import type { ReadAllOptions, ReadStreamOptions } from '../ports/EventStore.js';
import type { GlobalPosition, RecordedEvent } from '../ports/events.js';
import { PG_EVENT_COLUMNS, toRecordedEventFromPg, type PgEventRow } from './pgEventRows.js';

/** Default page size of readAll. */
const DEFAULT_READ_ALL_COUNT = 1000;

/**
 * "The global log after a position": a range scan of the primary key. Positions are handed out
 * in commit order (see appendToPgStream), so what one read returns is a prefix of the log and a
 * later read can never find an older position it skipped. Filters run in SQL, so skipped events
 * are never sent.
 */
export async function readAllFromPg(pool: pg.Pool, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
  const from = options.fromPosition ?? 0;
  const limit = options.maxCount ?? DEFAULT_READ_ALL_COUNT;
  assertInteger(from, 'fromPosition');
  assertInteger(limit, 'maxCount');
  const values: unknown[] = [from, limit];
  let where = 'global_position > $1';
  if (options.filter?.streamPrefix !== undefined) {
    values.push(options.filter.streamPrefix);
    where += ` AND starts_with(stream_id, $${values.length})`;
  }
  if (options.filter?.types !== undefined) {
    values.push(options.filter.types);
    where += ` AND type = ANY($${values.length}::text[])`;
  }
  const { rows } = await pool.query<PgEventRow>({
    text: `SELECT ${PG_EVENT_COLUMNS} FROM events WHERE ${where} ORDER BY global_position LIMIT $2`,
    values,
    rowMode: 'array',
  });
  return rows.map(toRecordedEventFromPg);
}

/** "One stream in version order", served by the UNIQUE (stream_id, stream_version) index. */
export async function readStreamFromPg(pool: pg.Pool, streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
  assertNonEmptyString(streamId, 'streamId');
  const fromVersion = options.fromVersion ?? 0;
  assertInteger(fromVersion, 'fromVersion');
  if (options.maxCount !== undefined) assertInteger(options.maxCount, 'maxCount');
  const { rows } = await pool.query<PgEventRow>({
    text: `SELECT ${PG_EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`,
    values: [streamId, fromVersion, options.maxCount ?? null], // LIMIT NULL: no limit
    rowMode: 'array',
  });
  return rows.map(toRecordedEventFromPg);
}

/** Position of the last committed event: one row, cheap enough for subscriptions to poll. */
export async function headPositionOfPg(pool: pg.Pool): Promise<GlobalPosition> {
  const { rows } = await pool.query<[number]>({ text: 'SELECT position FROM log_head', rowMode: 'array' });
  return rows[0]?.[0] ?? 0;
}
