import { signalDecider, signalStreamId, type SignalCommand, type SignalEvent, type SignalState } from '@hyperhook/domain';
import * as kernel from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';

/**
 * A signal stream folded with the signal decider, with the executor's write-behind: the steps
 * before an order is sent (validation started, order planned, order submitted) are decided in
 * turn and made durable in one append right before sending — one fsync instead of three on the
 * latency path, and OrderSubmitted is still durable before anything is signed and sent.
 */
export type LoadedSignal = kernel.DecidedStream<SignalEvent, SignalState> & { readonly signalId: string };

/** Reads `signal-<id>` and folds it: this is what lets a restarted executor resume a signal exactly where it stopped. */
export async function loadSignal(eventStore: EventStore, signalId: string): Promise<LoadedSignal> {
  const loaded = await kernel.loadStream(eventStore, signalStreamId(signalId), signalDecider);
  // Each step carries its owner, as intake's first events do (readers of the log route by it).
  return { ...loaded, signalId, ...(loaded.state.userId === null ? {} : { metadata: { userId: loaded.state.userId } }) };
}

/** Decides `command` without appending: its events join the pending ones. */
export function decideLocally(signal: LoadedSignal, command: SignalCommand): LoadedSignal {
  return { ...kernel.decideLocally(signal, signalDecider, command), signalId: signal.signalId };
}

/**
 * Decides `command` and appends it together with any pending events, with an optimistic version
 * check, so two executors (a mis-partitioned deployment, a restart racing an old process) can
 * never both record a step.
 */
export async function decideAndAppend(eventStore: EventStore, signal: LoadedSignal, command: SignalCommand): Promise<LoadedSignal> {
  const { stream } = await kernel.decideAndAppend(eventStore, signal, signalDecider, command);
  return { ...stream, signalId: signal.signalId };
}

/** Starts appending the pending events without waiting, so the log shows a step while the exchange reads run. */
export function appendPendingInBackground(eventStore: EventStore, signal: LoadedSignal): LoadedSignal {
  return { ...kernel.appendPendingInBackground(eventStore, signal), signalId: signal.signalId };
}
