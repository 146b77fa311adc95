import { isUserEvent, userStreamId, type UserEvent } from '@hyperhook/domain';
import { readStreamEvents, type StreamEvents } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';

/** Reads the facts of `user-<uid>`; an unknown user reads as an empty stream expected not to exist. */
export function readUserStream(eventStore: EventStore, uid: string): Promise<StreamEvents<UserEvent>> {
  return readStreamEvents(eventStore, userStreamId(uid), isUserEvent);
}
