import { isUserEvent, userStreamId, type UserEvent } from '@hyperhook/domain';
import type { EventStore } from '@hyperhook/store';
import { readStreamEvents, type StreamEvents } from './readStreamEvents.js';

/** Reads the facts of `user-<uid>` (for readers that do not decide on it: the api's reads, the executor's profile); an unknown user reads as an empty stream expected not to exist. */
export function readUserStream(eventStore: EventStore, uid: string): Promise<StreamEvents<UserEvent>> {
  return readStreamEvents(eventStore, userStreamId(uid), isUserEvent);
}
