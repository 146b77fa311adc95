import { isUserEvent, userStreamId, type UserEvent } from '@hyperhook/domain';
import { readStreamEvents } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';

/** The facts of `user-<uid>` (the executor reads them, it never decides on them). */
export async function readUserEvents(eventStore: EventStore, uid: string): Promise<UserEvent[]> {
  return (await readStreamEvents(eventStore, userStreamId(uid), isUserEvent)).events;
}
