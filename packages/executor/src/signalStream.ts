import { isSignalEvent, signalDecider, signalStreamId, type SignalCommand, type SignalEvent, type SignalState } from '@hyperhook/domain';
import type { EventStore } from '@hyperhook/store';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/projector';

/**
 * A signal stream folded with the signal decider, the version to append after, and events
 * decided but not yet appended (see {@link decideLocally}).
 */
export interface LoadedSignal {
  readonly signalId: string;
  /** Recorded and pending events, in order. */
  readonly events: readonly SignalEvent[];
  /** State after every event, pending ones included. */
  readonly state: SignalState;
  /** Stream version of the last recorded event (-1 for an empty stream). */
  readonly version: number;
  /** Decided, not yet durable: appended with the next {@link decideAndAppend}. */
  readonly pending: readonly SignalEvent[];
  /** An append started by {@link appendPendingInBackground}; the next append waits for it. */
  readonly inflight?: Promise<void>;
}

/**
 * Reads `signal-<id>` and folds it with signalDecider.evolve: this is what lets a restarted
 * executor resume a signal exactly where it stopped (validating, planned, submitted…).
 */
export async function loadSignal(eventStore: EventStore, signalId: string): Promise<LoadedSignal> {
  const recorded = await eventStore.readStream(signalStreamId(signalId));
  const events = decodeStreamEvents(recorded).filter(isSignalEvent);
  const state = events.reduce(signalDecider.evolve, signalDecider.initialState());
  return { signalId, events, state, version: recorded.length - 1, pending: [] };
}

/**
 * Decides `command` without appending: its events join the pending ones. The steps before an
 * order is sent (order planned, order submitted) are decided in turn and made
 * durable in one append right before sending: one fsync instead of three on the latency path,
 * and OrderSubmitted is still durable before anything is signed and sent.
 */
export function decideLocally(signal: LoadedSignal, command: SignalCommand): LoadedSignal {
  const newEvents = signalDecider.decide(command, signal.state);
  if (newEvents.length === 0) return signal;
  return {
    ...signal,
    events: [...signal.events, ...newEvents],
    state: newEvents.reduce(signalDecider.evolve, signal.state),
    pending: [...signal.pending, ...newEvents],
  };
}

/**
 * Decides `command` and appends it together with any pending events, with an optimistic version
 * check, so two executors (a mis-partitioned deployment, a restart racing an old process) can
 * never both record a step. Returns the signal as it is after the append.
 */
export async function decideAndAppend(eventStore: EventStore, signal: LoadedSignal, command: SignalCommand): Promise<LoadedSignal> {
  // A background append must be durable (or have failed, which rejects here) before the next one.
  if (signal.inflight) await signal.inflight;
  const decided = decideLocally({ ...signal, inflight: undefined }, command);
  if (decided.pending.length === 0) return decided;
  const result = await eventStore.append(
    signalStreamId(signal.signalId),
    decided.pending.map((event) => toNewEvent(event)),
    { expectedVersion: signal.version < 0 ? 'no_stream' : signal.version },
  );
  return { ...decided, version: result.nextExpectedVersion, pending: [] };
}

/**
 * Starts appending the pending events without waiting for the write, so the log shows a step
 * (e.g. "validating") while the exchange reads run, at no cost on the latency path. The next
 * {@link decideAndAppend} awaits it first, so stream order and the version check still hold and
 * a failed background write surfaces there instead of being lost.
 */
export function appendPendingInBackground(eventStore: EventStore, signal: LoadedSignal): LoadedSignal {
  if (signal.pending.length === 0) return signal;
  const write = eventStore
    .append(signalStreamId(signal.signalId), signal.pending.map((event) => toNewEvent(event)), {
      expectedVersion: signal.version < 0 ? 'no_stream' : signal.version,
    })
    .then(() => undefined);
  // Observed by the next append; this only keeps an early failure from being reported as unhandled.
  write.catch(() => undefined);
  return { ...signal, version: signal.version + signal.pending.length, pending: [], inflight: write };
}
