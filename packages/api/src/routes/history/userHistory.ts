import { describeEvent, type EventDescription } from '@hyperhook/domain';
import { decodeRecordedEvent } from '@hyperhook/eventsourcing';
import type { RecordedEvent, StorePorts } from '@hyperhook/store';
import { userStreamsOf } from './userStreams.js';

/** One of the user's events with what the history says of it. */
export type UserHistoryEvent = { readonly event: RecordedEvent; readonly description: EventDescription; readonly strategyId: string | null };

/**
 * The event in plain words, read from the event as stored (describeEvent shows no secret), so the
 * words never depend on the redacted copy. An event this build cannot read is named by its type.
 */
function describe(event: RecordedEvent): EventDescription {
  const decoded = decodeRecordedEvent(event);
  return decoded.kind === 'domain' ? describeEvent(decoded.record.event) : { title: event.type, detail: null, category: 'other' };
}

/** The strategy an event belongs to: an alert's stream is its strategy's; any other event, the strategy its data names. */
function strategyOf(event: RecordedEvent, strategyOfStream: ReadonlyMap<string, string>): string | null {
  const ofStream = strategyOfStream.get(event.streamId);
  if (ofStream !== undefined) return ofStream;
  const named = (event.data as { strategyId?: unknown } | null)?.strategyId;
  return typeof named === 'string' ? named : null;
}

/**
 * Every event of the user's own streams, oldest first, described and placed in a strategy. Only
 * the caller's streams are ever read, so nothing built on it can reach another user's events.
 */
export async function readUserHistory(store: Pick<StorePorts, 'eventStore' | 'readStore'>, uid: string): Promise<UserHistoryEvent[]> {
  const { streams, strategyOfStream } = await userStreamsOf(store.readStore, uid);
  const events = (await Promise.all(streams.map((stream) => store.eventStore.readStream(stream)))).flat().sort((a, b) => a.globalPosition - b.globalPosition);
  return events.map((event) => ({ event, description: describe(event), strategyId: strategyOf(event, strategyOfStream) }));
}
