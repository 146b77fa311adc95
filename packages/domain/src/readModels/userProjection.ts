import { isUserEvent, type DomainEvent } from '../eventModel/domainEvent.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { streamEntityId, type ProjectionMeta } from './readModel.js';

/**
 * `idOf` for per-user documents built from `user-<uid>`: the uid when the event is a user event
 * that `relevant` accepts.
 */
export function userDocId(relevant: (event: UserEvent) => boolean) {
  return (event: DomainEvent, meta: ProjectionMeta): string | null => (isUserEvent(event) && relevant(event) ? streamEntityId(meta, 'user') : null);
}

/** `userIdOf` for documents of `user-<uid>`: the uid in the stream name. */
export function userOfUserStream(_event: DomainEvent, meta: ProjectionMeta): string | null {
  return streamEntityId(meta, 'user');
}
