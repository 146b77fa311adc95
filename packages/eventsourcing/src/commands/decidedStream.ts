import { foldState, ownsEvent, type Decider, type DomainEvent } from '@hyperhook/domain';
import type { AppendResult, EventMetadata, EventStore, ExpectedVersion } from '@hyperhook/store';
import { decodeStreamEvents, toNewEvent } from '../codec/eventCodec.js';

/**
 * A stream folded with one decider: its state, the version to append after, and events decided
 * but not yet appended (write-behind, see {@link decideLocally}).
 */
export interface DecidedStream<Event extends DomainEvent, State> {
  readonly streamId: string;
  /** The decider's own events, recorded and pending, in order. */
  readonly events: readonly Event[];
  /** State after every event, pending ones included. */
  readonly state: State;
  /** Stream version of the last recorded event (-1 for an empty stream), whoever wrote it. */
  readonly version: number;
  /** Decided, not yet durable: appended with the next {@link decideAndAppend}. */
  readonly pending: readonly Event[];
  /** An append started by {@link appendPendingInBackground}; the next append waits for it. */
  readonly inflight?: Promise<void>;
  /** Metadata every event this stream appends carries (e.g. its owner, for readers of the log that route by user). */
  readonly metadata?: EventMetadata;
}

/** A decider over one kind of domain event. */
export type StreamDecider<Command, Event extends DomainEvent, State> = Decider<Command, Event, State>;

function expectedVersionOf(version: number): ExpectedVersion {
  return version < 0 ? 'no_stream' : version;
}

/** Reads `streamId` and folds the decider's own events; the version counts every event of the stream. */
export async function loadStream<Command, Event extends DomainEvent, State>(
  eventStore: EventStore,
  streamId: string,
  decider: StreamDecider<Command, Event, State>,
): Promise<DecidedStream<Event, State>> {
  const recorded = await eventStore.readStream(streamId);
  const events = decodeStreamEvents(recorded).filter((event): event is Event => ownsEvent(decider, event));
  return { streamId, events, state: foldState(decider, events), version: recorded.at(-1)?.streamVersion ?? -1, pending: [] };
}

/** An empty stream, for a command that creates the stream (nothing can be in it yet). */
export function newStream<Command, Event extends DomainEvent, State>(
  streamId: string,
  decider: StreamDecider<Command, Event, State>,
): DecidedStream<Event, State> {
  return { streamId, events: [], state: decider.initialState(), version: -1, pending: [] };
}

/**
 * Decides `command` without appending: its events join the pending ones, and the next
 * {@link decideAndAppend} makes them durable together (one fsync for several steps).
 */
export function decideLocally<Command, Event extends DomainEvent, State>(
  stream: DecidedStream<Event, State>,
  decider: StreamDecider<Command, Event, State>,
  command: Command,
): DecidedStream<Event, State> {
  const decided = decider.decide(command, stream.state);
  if (decided.length === 0) return stream;
  return { ...stream, events: [...stream.events, ...decided], state: foldState(decider, decided, stream.state), pending: [...stream.pending, ...decided] };
}

/** What one append of a stream's pending events did. */
export interface AppendedStream<Event extends DomainEvent, State> {
  readonly stream: DecidedStream<Event, State>;
  /** The events this append wrote (pending ones and the command's). */
  readonly appended: readonly Event[];
  /** Global position of the last event written; null when nothing was. */
  readonly position: number | null;
}

/**
 * Decides `command` and appends its events together with any pending ones, with the stream's
 * version as expected version: a concurrent writer makes the append fail with WrongExpectedVersion
 * and nothing of it is written.
 */
export async function decideAndAppend<Command, Event extends DomainEvent, State>(
  eventStore: EventStore,
  stream: DecidedStream<Event, State>,
  decider: StreamDecider<Command, Event, State>,
  command: Command,
): Promise<AppendedStream<Event, State>> {
  // A background append must be durable (or have failed, which rejects here) before the next one.
  if (stream.inflight) await stream.inflight;
  const decided = decideLocally({ ...stream, inflight: undefined }, decider, command);
  if (decided.pending.length === 0) return { stream: decided, appended: [], position: null };
  const result: AppendResult = await eventStore.append(
    stream.streamId,
    decided.pending.map((event) => toNewEvent(event, stream.metadata)),
    { expectedVersion: expectedVersionOf(stream.version) },
  );
  return { stream: { ...decided, version: result.nextExpectedVersion, pending: [] }, appended: decided.pending, position: result.lastPosition };
}

/**
 * Starts appending the pending events without waiting for the write, so a step shows in the log
 * while slower work runs. The next {@link decideAndAppend} awaits it first, so stream order and
 * the version check still hold and a failed background write surfaces there instead of being lost.
 */
export function appendPendingInBackground<Event extends DomainEvent, State>(
  eventStore: EventStore,
  stream: DecidedStream<Event, State>,
): DecidedStream<Event, State> {
  if (stream.pending.length === 0) return stream;
  const events = stream.pending.map((event) => toNewEvent(event, stream.metadata));
  // After an earlier background append, never beside it: had that one failed, this one's expected
  // version (counted past the failed events) could match another writer's and skip them unseen.
  const write = (stream.inflight ?? Promise.resolve())
    .then(() => eventStore.append(stream.streamId, events, { expectedVersion: expectedVersionOf(stream.version) }))
    .then(() => undefined);
  // Observed by the next append; this only keeps an early failure from being reported as unhandled.
  write.catch(() => undefined);
  return { ...stream, version: stream.version + stream.pending.length, pending: [], inflight: write };
}
