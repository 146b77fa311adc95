import { foldState, signalDecider, signalStreamId, type SignalCommand, type SignalEvent } from '@hyperhook/domain';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/projector';
import { isWrongExpectedVersionError, type EventStore, type ExpectedVersion } from '@hyperhook/store';

/** How many times a command is decided again after losing a race on the stream. */
const MAX_ATTEMPTS = 5;

/** What a signal command recorded. */
export type SignalCommandResult = { readonly events: readonly SignalEvent[]; readonly position: number | null };

/**
 * Runs a signal command on `signal-<signalId>`: read, decide, append with the stream's version
 * as expected version, and decide again if another writer got in first. `fresh` skips the read
 * for a signal id that was just generated (nothing can be there yet): the hot path of intake is
 * then one append.
 */
export async function runSignalCommand(eventStore: EventStore, signalId: string, command: SignalCommand, fresh = false): Promise<SignalCommandResult> {
  const streamId = signalStreamId(signalId);
  for (let attempt = 0; ; attempt += 1) {
    const recorded = fresh && attempt === 0 ? [] : await eventStore.readStream(streamId);
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
