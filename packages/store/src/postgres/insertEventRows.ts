import type pg from 'pg';

/** An event as the `events` table stores it, data and metadata as JSON text. */
export type EventRowToInsert = {
  readonly position: number;
  readonly streamId: string;
  readonly version: number;
  readonly eventId: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string | null;
  readonly recordedAt: number;
  /** Its link in the log's hash chain. */
  readonly hash: string;
};

/**
 * Inserts events in one statement, whatever their number: the columns go as arrays and unnest
 * zips them back into rows. Positions are the caller's (under the `log_head` lock).
 */
export async function insertEventRows(client: pg.ClientBase, rows: readonly EventRowToInsert[]): Promise<void> {
  await client.query(
    `INSERT INTO events (global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::uuid[], $5::text[], $6::json[], $7::json[], $8::bigint[], $9::text[])`,
    [
      rows.map((row) => row.position),
      rows.map((row) => row.streamId),
      rows.map((row) => row.version),
      rows.map((row) => row.eventId),
      rows.map((row) => row.type),
      rows.map((row) => row.data),
      rows.map((row) => row.metadata),
      rows.map((row) => row.recordedAt),
      rows.map((row) => row.hash),
    ],
  );
}
