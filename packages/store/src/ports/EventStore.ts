import type { GlobalPosition, NewEvent, RecordedEvent } from './events.js';
import type { EventFilter, SubscribeToAllOptions, Subscription } from './Subscription.js';

/**
 * The optimistic-concurrency check of an append, as in KurrentDB:
 * - `'any'`: no check;
 * - `'no_stream'`: the stream must not exist yet (creation);
 * - `'stream_exists'`: the stream must have at least one event;
 * - a number: the version of the stream's last event (0 after the first event).
 */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

/** Options of `EventStore.append`. */
export type AppendOptions = {
  /** Default `'any'`. */
  readonly expectedVersion?: ExpectedVersion;
};

/** Outcome of a successful append. */
export type AppendResult = {
  /** Version of the last event written: pass it as `expectedVersion` of the next append. */
  readonly nextExpectedVersion: number;
  /** Global position of the last event written. */
  readonly lastPosition: GlobalPosition;
};

/** One stream's part of a multi-stream append. */
export type StreamAppend = {
  readonly streamId: string;
  /** At least one. */
  readonly events: readonly NewEvent[];
  /** Default `'any'`. */
  readonly expectedVersion?: ExpectedVersion;
};

/** Options of `EventStore.readStream`. */
export type ReadStreamOptions = {
  /** Inclusive, default 0. */
  readonly fromVersion?: number;
  /** Default: no limit. */
  readonly maxCount?: number;
};

/** Options of `EventStore.readAll`. */
export type ReadAllOptions = {
  /** Exclusive, default 0 (from the first event). */
  readonly fromPosition?: GlobalPosition;
  /** Default 1000. */
  readonly maxCount?: number;
  readonly filter?: EventFilter;
};

/**
 * The event log: the source of truth. Streams hold one aggregate's events; the global log
 * orders every event of every stream by commit.
 */
export interface EventStore {
  /**
   * Appends `events` (at least one) atomically to `streamId`, after checking `expectedVersion`.
   * Rejects with WrongExpectedVersionError when the check fails. Repeating an append whose
   * caller-provided event ids are already stored as exactly that append (same stream, same
   * order, compatible expected version) writes nothing and returns the original result;
   * any other reuse of stored ids rejects with DuplicateEventIdError. Resolves once durable.
   */
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;

  /**
   * Appends to several streams (at least one) atomically, as KurrentDB's multi-stream append:
   * every expected version is checked, and either every request is written, in request order,
   * in one commit, or none is and the call rejects with the first failing request's error
   * (WrongExpectedVersionError names that stream). Results come in request order. A claim
   * stream created next to the stream it guards (`no_stream` on both) is the typical use.
   */
  appendMultiStream(requests: readonly StreamAppend[]): Promise<AppendResult[]>;

  /** Events of one stream in version order; an unknown stream reads as empty. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;

  /** Events of all streams in global order, after `fromPosition`. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;

  /** Position of the last committed event, 0 when the log is empty. */
  headPosition(): Promise<GlobalPosition>;

  /** Starts a catch-up subscription to the global log (see Subscription). */
  subscribeToAll(options: SubscribeToAllOptions): Subscription;
}
