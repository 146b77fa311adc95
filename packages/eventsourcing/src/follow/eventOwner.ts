import { parseStreamId } from '@hyperhook/domain';
import type { EventStore, RecordedEvent } from '@hyperhook/store';
import { decodeRecordedEvent } from '../codec/eventCodec.js';

/**
 * The user a recorded event belongs to, without reading anything: its metadata's `userId` (every
 * signal event intake and the executor write carries it), else the id of a `user-<uid>`,
 * `account-<uid>`, `paper-<uid>` or `backtest-<uid>` stream, which are the user's own; null when neither names one
 * (a signal event written before owners were put in the metadata: {@link ownerOf} reads it).
 * Never the event's data, which is not cast unchecked. Followers that skip an owner with nothing to
 * do (no channel, no push subscription, another partition's user) ask this before reading further.
 */
export function ownerInRecord(event: RecordedEvent): string | null {
  const owner = event.metadata?.userId;
  if (typeof owner === 'string') return owner;
  const stream = parseStreamId(event.streamId);
  const own = stream?.category === 'user' || stream?.category === 'account' || stream?.category === 'paper' || stream?.category === 'backtest';
  return own ? stream.id : null;
}

/**
 * {@link ownerInRecord}, or for a signal event written before owners were put in the metadata,
 * the owner its SignalReceived names, decoded with its schema: the event itself when it is that
 * one, else the stream's first event (one read). Null when no owner can be told.
 */
export async function ownerOf(eventStore: Pick<EventStore, 'readStream'>, event: RecordedEvent): Promise<string | null> {
  const owner = ownerInRecord(event);
  if (owner !== null || parseStreamId(event.streamId)?.category !== 'signal') return owner;
  if (event.type === 'SignalReceived') return receiverOf(event);
  const [first] = await eventStore.readStream(event.streamId, { maxCount: 1 });
  return first === undefined ? null : receiverOf(first);
}

/** The userId of a SignalReceived, as its schema reads it; null for any other or an unreadable event. */
function receiverOf(recorded: RecordedEvent): string | null {
  const decoded = decodeRecordedEvent(recorded);
  if (decoded.kind !== 'domain') return null;
  const { event } = decoded.record;
  return event.type === 'SignalReceived' ? event.data.userId : null;
}
