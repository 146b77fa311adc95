import { foldState, signalDecider, signalStreamId, type SignalCommand, type SignalEvent } from '@hyperhook/domain';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/projector';
import { isWrongExpectedVersionError, type EventStore, type ExpectedVersion } from '@hyperhook/store';
import { dedupeClaimEvent, dedupeClaimStreamId, type DedupeClaim } from './dedupeClaim.js';

/** How many times a command is decided again after losing a race on the stream. */
const MAX_ATTEMPTS = 5;

/** What a signal command recorded. */
export type SignalCommandResult = { readonly events: readonly SignalEvent[]; readonly position: number | null };

/**
 * Records a signal under a freshly generated id (nothing can be in its stream yet), so the hot
 * path of intake is one append and no read. With `claimId` (the command then carries its
 * dedupeKey), the claim stream and the signal stream are created in one multi-stream append: if
 * another delivery took the claim first, nothing is written and the answer is 'claimed'.
 */
export async function recordNewSignal(
  eventStore: EventStore,
  command: SignalCommand & { type: 'ReceiveSignal' },
  claimId?: string,
): Promise<SignalCommandResult | 'claimed'> {
  const events = signalDecider.decide(command, signalDecider.initialState());
  const signal = { streamId: signalStreamId(command.signalId), events: events.map((event) => toNewEvent(event)), expectedVersion: 'no_stream' as const };
  if (claimId === undefined) {
    const result = await eventStore.append(signal.streamId, signal.events, { expectedVersion: signal.expectedVersion });
    return { events, position: result.lastPosition };
  }
  if (command.dedupeKey === undefined) throw new TypeError('a claimed signal needs its dedupeKey');
  const claimStreamId = dedupeClaimStreamId(claimId);
  const taken: DedupeClaim = { signalId: command.signalId, dedupeKey: command.dedupeKey, receivedAt: command.receivedAt };
  try {
    const [, result] = await eventStore.appendMultiStream([{ streamId: claimStreamId, events: [dedupeClaimEvent(taken)], expectedVersion: 'no_stream' }, signal]);
    return { events, position: result?.lastPosition ?? null };
  } catch (error) {
    if (isWrongExpectedVersionError(error) && error.streamId === claimStreamId) return 'claimed';
    throw error;
  }
}

/**
 * Runs a signal command on the existing `signal-<signalId>`: read, decide, append with the
 * stream's version as expected version, and decide again if another writer got in first.
 */
export async function runSignalCommand(eventStore: EventStore, signalId: string, command: SignalCommand): Promise<SignalCommandResult> {
  const streamId = signalStreamId(signalId);
  for (let attempt = 0; ; attempt += 1) {
    const recorded = await eventStore.readStream(streamId);
    const state = foldState(signalDecider, decodeStreamEvents(recorded) as SignalEvent[]);
    const events = signalDecider.decide(command, state);
    if (events.length === 0) return { events, position: null };
    const last = recorded.at(-1);
    const expectedVersion: ExpectedVersion = last === undefined ? 'no_stream' : last.streamVersion;
    try {
      const result = await eventStore.append(streamId, events.map((event) => toNewEvent(event)), { expectedVersion });
      return { events, position: result.lastPosition };
    } catch (error) {
      if (!isWrongExpectedVersionError(error) || attempt + 1 >= MAX_ATTEMPTS) throw error;
    }
  }
}
