import { foldState, isUserEvent, userStreamId, type Decider, type UserEvent } from '@hyperhook/domain';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/projector';
import { isWrongExpectedVersionError, type EventStore, type ExpectedVersion } from '@hyperhook/store';

/**
 * Runs a command of a `user-<uid>` decider: read the stream, decide, append with the stream's
 * version, and decide again when another writer got in first. Resolves the global position of
 * the append (null when nothing was recorded).
 */
export async function runUserCommand<C, S>(eventStore: EventStore, uid: string, decider: Decider<C, UserEvent, S>, command: C): Promise<number | null> {
  const streamId = userStreamId(uid);
  for (let attempt = 0; ; attempt += 1) {
    const recorded = await eventStore.readStream(streamId);
    const state = foldState(decider, decodeStreamEvents(recorded).filter(isUserEvent));
    const events = decider.decide(command, state);
    if (events.length === 0) return null;
    const last = recorded.at(-1);
    const expectedVersion: ExpectedVersion = last === undefined ? 'no_stream' : last.streamVersion;
    try {
      return (await eventStore.append(streamId, events.map((e) => toNewEvent(e)), { expectedVersion })).lastPosition;
    } catch (error) {
      if (!isWrongExpectedVersionError(error) || attempt >= 4) throw error;
    }
  }
}
