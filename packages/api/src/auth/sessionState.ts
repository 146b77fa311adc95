import { accountDecider, foldState, type UserSignedUp } from '@hyperhook/domain';
import type { EventStore } from '@hyperhook/store';
import { readUserStream } from '@hyperhook/eventsourcing';

/** What authentication needs to know about a user stream. */
export interface SessionState {
  readonly exists: boolean;
  readonly revokedSessions: readonly string[];
  readonly signedUp: UserSignedUp['data'] | null;
}

/**
 * Reads the account's state straight from its event stream (not a read model) so that a logout is
 * effective on the very next request: a revoked token must never work again, even for the few
 * milliseconds a projection would lag.
 */
export async function loadSessionState(eventStore: EventStore, uid: string): Promise<SessionState> {
  const { events } = await readUserStream(eventStore, uid);
  const account = foldState(accountDecider, events);
  const signedUp = events.find((e): e is UserSignedUp => e.type === 'UserSignedUp');
  return { exists: account.exists, revokedSessions: account.revokedSessions, signedUp: signedUp?.data ?? null };
}
