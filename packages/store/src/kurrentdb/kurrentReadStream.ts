import { BACKWARDS, ErrorType, FORWARDS, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import { assertInteger } from '../guards/assertions.js';
import type { ReadStreamOptions } from '../ports/EventStore.js';
import type { RecordedEvent } from '../ports/events.js';
import { fromServerEvent } from './kurrentEventData.js';
import type { KurrentStreamNames } from './kurrentStreamNames.js';

/** A window of one stream, in the direction asked. */
export type StreamWindow = {
  readonly fromRevision: 'start' | 'end' | number;
  readonly maxCount: number;
  readonly backwards?: boolean;
};

/**
 * Reads a window of a stream; an unknown stream reads as empty. Reads go to the leader
 * (`requiresLeader`): the client defaults to any node, and a follower may not have the append
 * this process just made (the port promises read-your-writes).
 */
export async function readStreamWindow(client: KurrentDBClient, names: KurrentStreamNames, streamId: string, window: StreamWindow): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  try {
    const fromRevision = typeof window.fromRevision === 'number' ? BigInt(window.fromRevision) : window.fromRevision;
    const reads = client.readStream(names.toServer(streamId), {
      fromRevision,
      maxCount: window.maxCount,
      direction: window.backwards ? BACKWARDS : FORWARDS,
      requiresLeader: true,
    });
    for await (const resolved of reads) {
      const event = resolved.event && fromServerEvent(resolved.event, names);
      if (event) events.push(event);
    }
  } catch (error) {
    if (isStreamNotFound(error)) return [];
    throw error;
  }
  return events;
}

/** The port's readStream. */
export function readKurrentStream(
  client: KurrentDBClient,
  names: KurrentStreamNames,
  streamId: string,
  options: ReadStreamOptions = {},
): Promise<RecordedEvent[]> {
  const fromVersion = options.fromVersion ?? 0;
  assertInteger(fromVersion, 'fromVersion');
  if (options.maxCount !== undefined) assertInteger(options.maxCount, 'maxCount');
  if (options.maxCount === 0) return Promise.resolve([]);
  return readStreamWindow(client, names, streamId, { fromRevision: fromVersion, maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER });
}

/** The stored event at `revision` of a stream (used to learn the position of an append's last event). */
export async function eventAtRevision(client: KurrentDBClient, names: KurrentStreamNames, streamId: string, revision: number): Promise<RecordedEvent> {
  const [event] = await readStreamWindow(client, names, streamId, { fromRevision: revision, maxCount: 1 });
  if (event?.streamVersion !== revision) throw new Error(`KurrentDB did not return event ${revision} of stream "${streamId}" right after appending it`);
  return event;
}

function isStreamNotFound(error: unknown): boolean {
  return error instanceof Error && ((error as { type?: unknown }).type === ErrorType.STREAM_NOT_FOUND || error.name === 'StreamNotFoundError');
}
