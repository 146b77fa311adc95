import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { PreparedEvent } from '../guards/prepareNewEvents.js';
import type { CopyTarget } from '../migration/copyEventLog.js';
import type { RecordedEvent } from '../ports/events.js';
import type { ExpectedVersion } from '../ports/EventStore.js';
import { WrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';
import { toStreamState } from './kurrentAppend.js';
import { toActualVersion, toPortAppendError } from './kurrentAppendErrors.js';
import { toEventData } from './kurrentEventData.js';
import { readKurrentAll, readKurrentHead } from './kurrentReadAll.js';
import { kurrentStreamNames } from './kurrentStreamNames.js';

/** A CopyTarget on KurrentDB, and the connection to close when the copy is done. */
export type KurrentCopyTarget = CopyTarget & { close(): Promise<void> };

/**
 * Where `hyperhook migrate --to kurrentdb://…` copies a log (copyEventLog): each run of a
 * stream is one append expecting the version the source had, every event keeps its id, type,
 * data and metadata, and its first recording time rides in the metadata (RECORDED_AT_KEY).
 */
export function openKurrentCopyTarget(options: { readonly url: string; readonly streamNamespace?: string }): KurrentCopyTarget {
  const names = kurrentStreamNames(options.streamNamespace);
  const client = KurrentDBClient.connectionString(options.url);
  return {
    headPosition: () => readKurrentHead(client, names),
    readAll: (readOptions) => readKurrentAll(client, names, readOptions),
    async appendRun(streamId, events) {
      const prepared = events.map((event) => ({ event, data: asPrepared(event) }));
      for (const chunk of chunksUnder(prepared, ({ data }) => storedSize(data), APPEND_BYTES)) {
        const first = chunk[0]!.event.streamVersion;
        const expected: ExpectedVersion = first === 0 ? 'no_stream' : first - 1;
        try {
          const result = await client.appendToStream(
            names.toServer(streamId),
            chunk.map(({ event, data }) => toEventData(data, event.recordedAt)),
            { streamState: toStreamState(expected), requiresLeader: true },
          );
          if (!result.success) throw new WrongExpectedVersionError(streamId, expected, toActualVersion(result.nextExpectedRevision));
        } catch (error) {
          throw toPortAppendError(error, streamId, expected);
        }
      }
    },
    close: () => client.dispose(),
  };
}

/**
 * What one copy append may carry: KurrentDB refuses appends over its MaxAppendSize (1 MiB by
 * default, data and metadata of all events together), and a run of one stream gathers events
 * of many original appends. Half of it leaves room for the envelope.
 */
export const APPEND_BYTES = 512 * 1024;

/** Consecutive chunks, each under `maxBytes` by `sizeOf` (an item alone over it is a chunk of its own, for the server to judge). */
export function chunksUnder<T>(items: readonly T[], sizeOf: (item: T) => number, maxBytes: number): T[][] {
  const chunks: T[][] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    const last = chunks[chunks.length - 1];
    if (last !== undefined && bytes + size <= maxBytes) {
      last.push(item);
      bytes += size;
    } else {
      chunks.push([item]);
      bytes = size;
    }
  }
  return chunks;
}

/** An event's bytes in an append: its type, data and metadata, and room for ids and framing. */
function storedSize(event: PreparedEvent): number {
  return Buffer.byteLength(event.type) + Buffer.byteLength(event.data) + (event.metadata === null ? 0 : Buffer.byteLength(event.metadata)) + 128;
}

function asPrepared(event: RecordedEvent): PreparedEvent {
  return {
    eventId: event.eventId,
    idProvided: true,
    type: event.type,
    data: JSON.stringify(event.data),
    metadata: event.metadata === undefined ? null : JSON.stringify(event.metadata),
  };
}
