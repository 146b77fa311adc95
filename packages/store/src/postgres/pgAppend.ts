import type pg from 'pg';
import { checkExpectedVersion } from '../guards/checkExpectedVersion.js';
import type { PreparedAppend } from '../guards/prepareAppendCommands.js';
import { repeatedAppendResult, type StoredEventRef } from '../guards/repeatedAppend.js';
import type { AppendResult } from '../ports/EventStore.js';

/**
 * Appends one stream's events. It must run inside the group's transaction, after that
 * transaction locked `log_head` and read the head (`head`): no other append anywhere can then
 * write, so the version read here is the stream's version at commit, and the positions
 * `head + 1 …` are the next ones in commit order. Returns the result and the new head.
 * `UNIQUE (stream_id, stream_version)` and `UNIQUE (event_id)` back the checks up.
 */
export async function appendToPgStream(
  client: pg.ClientBase,
  command: PreparedAppend,
  head: number,
  recordedAt: number,
): Promise<{ result: AppendResult; head: number }> {
  const current = await streamVersion(client, command.streamId);
  const provided = command.events.filter((event) => event.idProvided);
  if (provided.length > 0) {
    const stored = await findStoredEvents(client, provided.map((event) => event.eventId));
    const repeated = repeatedAppendResult(command, provided.map((event) => stored.get(event.eventId)), current);
    if (repeated) return { result: repeated, head };
  }
  checkExpectedVersion(command.streamId, command.expectedVersion, current);

  const events = command.events;
  await client.query(
    `INSERT INTO events (global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at)
     SELECT $1::bigint + e.n, $2, $3::bigint + e.n, e.event_id, e.type, e.data, e.metadata, $4
     FROM unnest($5::uuid[], $6::text[], $7::json[], $8::json[]) WITH ORDINALITY AS e(event_id, type, data, metadata, n)`,
    [
      head,
      command.streamId,
      current,
      recordedAt,
      events.map((event) => event.eventId),
      events.map((event) => event.type),
      events.map((event) => event.data),
      events.map((event) => event.metadata),
    ],
  );
  return { result: { nextExpectedVersion: current + events.length, lastPosition: head + events.length }, head: head + events.length };
}

/** The stream's last version, -1 when it has no events (one seek in the unique index). */
async function streamVersion(client: pg.ClientBase, streamId: string): Promise<number> {
  const { rows } = await client.query<[number | null]>({ text: 'SELECT max(stream_version) FROM events WHERE stream_id = $1', values: [streamId], rowMode: 'array' });
  return rows[0]?.[0] ?? -1;
}

/** Where the given event ids are stored, by id. */
async function findStoredEvents(client: pg.ClientBase, eventIds: readonly string[]): Promise<Map<string, StoredEventRef>> {
  const { rows } = await client.query<{ event_id: string; stream_id: string; stream_version: number; global_position: number }>(
    'SELECT event_id, stream_id, stream_version, global_position FROM events WHERE event_id = ANY($1::uuid[])',
    [eventIds],
  );
  return new Map(rows.map((row) => [row.event_id, { streamId: row.stream_id, streamVersion: row.stream_version, globalPosition: row.global_position }]));
}
