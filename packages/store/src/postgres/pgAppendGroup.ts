import type pg from 'pg';
import { checkExpectedVersion } from '../guards/checkExpectedVersion.js';
import type { PreparedAppend } from '../guards/prepareAppendCommands.js';
import { repeatedAppendResult, type StoredEventRef } from '../guards/repeatedAppend.js';
import type { AppendResult } from '../ports/EventStore.js';
import { chainHashOfText } from '../chain/eventChainHash.js';
import { insertEventRows, type EventRowToInsert } from './insertEventRows.js';
import { pgHeadHash } from './pgEventChain.js';

/** One append operation of a group: its commands (one stream, or several for a multi-stream append). */
export type GroupAppend = { readonly commands: readonly PreparedAppend[]; readonly recordedAt: number };

/** How one append of the group ended (nothing of a failed one is written). */
export type GroupAppendOutcome = { readonly ok: true; readonly results: AppendResult[] } | { readonly ok: false; readonly error: unknown };

type Row = Omit<EventRowToInsert, 'hash'>;

/**
 * Appends every append operation of a group in three statements, whatever their number: one
 * read of the streams' versions, one read of the caller-provided ids, one INSERT of all events.
 * It must run inside the group's transaction after `log_head` was locked at `head`: nothing else
 * can append until the commit, so the versions read here hold, and the appends are decided in
 * order in memory, each seeing the ones before it (a stream appended twice in one group, a retry
 * racing its original). An append that fails its checks is left out and fails alone. The events
 * are written with their links in the log's hash chain. Returns the outcomes in order and the new head.
 */
export async function appendGroupToPg(
  client: pg.ClientBase,
  appends: readonly GroupAppend[],
  head: number,
): Promise<{ outcomes: GroupAppendOutcome[]; head: number }> {
  const streamIds = [...new Set(appends.flatMap((append) => append.commands.map((command) => command.streamId)))];
  const providedIds = [
    ...new Set(appends.flatMap((append) => append.commands.flatMap((command) => command.events.filter((e) => e.idProvided).map((e) => e.eventId)))),
  ];
  const versions = await streamVersions(client, streamIds);
  const stored = providedIds.length > 0 ? await findStoredEvents(client, providedIds) : new Map<string, StoredEventRef>();

  const rows: Row[] = [];
  const outcomes: GroupAppendOutcome[] = [];
  for (const append of appends) {
    // Decided on copies, merged only when every command of the append passed: all or nothing.
    const pendingVersions = new Map<string, number>();
    const pendingStored = new Map<string, StoredEventRef>();
    const pendingRows: Row[] = [];
    let position = head;
    try {
      const results = append.commands.map((command) => {
        const current = pendingVersions.get(command.streamId) ?? versions.get(command.streamId) ?? -1;
        const found = command.events.filter((e) => e.idProvided).map((e) => pendingStored.get(e.eventId) ?? stored.get(e.eventId));
        const repeated = repeatedAppendResult(command, found, current);
        if (repeated) return repeated;
        checkExpectedVersion(command.streamId, command.expectedVersion, current);
        let version = current;
        for (const event of command.events) {
          position += 1;
          version += 1;
          pendingRows.push({
            position,
            streamId: command.streamId,
            version,
            eventId: event.eventId,
            type: event.type,
            data: event.data,
            metadata: event.metadata,
            recordedAt: append.recordedAt,
          });
          pendingStored.set(event.eventId, { streamId: command.streamId, streamVersion: version, globalPosition: position });
        }
        pendingVersions.set(command.streamId, version);
        return { nextExpectedVersion: version, lastPosition: position };
      });
      for (const [streamId, version] of pendingVersions) versions.set(streamId, version);
      for (const [eventId, ref] of pendingStored) stored.set(eventId, ref);
      rows.push(...pendingRows);
      head = position;
      outcomes.push({ ok: true, results });
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  }
  if (rows.length > 0) {
    // Chained in position order once the group's appends are decided: a refused append has no rows.
    let previous = await pgHeadHash(client, rows[0]!.position - 1);
    const chained = rows.map((row) => ({
      ...row,
      hash: (previous = chainHashOfText(previous, {
        type: row.type,
        streamId: row.streamId,
        streamVersion: row.version,
        data: row.data,
        metadata: row.metadata,
        recordedAt: row.recordedAt,
      })),
    }));
    await insertEventRows(client, chained);
  }
  return { outcomes, head };
}

/** The last version of each stream that has events (one index seek per stream). */
async function streamVersions(client: pg.ClientBase, streamIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await client.query<[string, number]>({
    text: `SELECT s.id, (SELECT max(stream_version) FROM events WHERE stream_id = s.id) FROM unnest($1::text[]) AS s(id)`,
    values: [streamIds],
    rowMode: 'array',
  });
  return new Map(rows.filter((row) => row[1] !== null).map((row) => [row[0], row[1]]));
}

/** Where the given event ids are stored, by id. */
async function findStoredEvents(client: pg.ClientBase, eventIds: readonly string[]): Promise<Map<string, StoredEventRef>> {
  const { rows } = await client.query<{ event_id: string; stream_id: string; stream_version: number; global_position: number }>(
    'SELECT event_id, stream_id, stream_version, global_position FROM events WHERE event_id = ANY($1::uuid[])',
    [eventIds],
  );
  return new Map(rows.map((row) => [row.event_id, { streamId: row.stream_id, streamVersion: row.stream_version, globalPosition: row.global_position }]));
}
