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
      const first = events[0]?.streamVersion;
      if (first === undefined) return;
      const expected: ExpectedVersion = first === 0 ? 'no_stream' : first - 1;
      try {
        const result = await client.appendToStream(
          names.toServer(streamId),
          events.map((event) => toEventData(asPrepared(event), event.recordedAt)),
          { streamState: toStreamState(expected), requiresLeader: true },
        );
        if (!result.success) throw new WrongExpectedVersionError(streamId, expected, toActualVersion(result.nextExpectedRevision));
      } catch (error) {
        throw toPortAppendError(error, streamId, expected);
      }
    },
    close: () => client.dispose(),
  };
}

function asPrepared(event: RecordedEvent): PreparedEvent {
  return { eventId: event.eventId, idProvided: true, type: event.type, data: JSON.stringify(event.data), metadata: event.metadata === undefined ? null : JSON.stringify(event.metadata) };
}
