import { isUserEvent, userStreamId, type UserEvent } from '@hyperhook/domain';
import type { EventStore, ExpectedVersion } from '@hyperhook/store';
import { decodeStreamEvents } from '@hyperhook/projector';

/** A user stream as command handlers need it: its events and the version to append after. */
export interface LoadedUserStream {
  readonly events: UserEvent[];
  readonly expectedVersion: ExpectedVersion;
}

/** Reads `user-<uid>`; an unknown user reads as an empty stream expected not to exist. */
export async function readUserStream(eventStore: EventStore, uid: string): Promise<LoadedUserStream> {
  const recorded = await eventStore.readStream(userStreamId(uid));
  const last = recorded.at(-1);
  const events = decodeStreamEvents(recorded).filter(isUserEvent);
  return { events, expectedVersion: last === undefined ? 'no_stream' : last.streamVersion };
}
