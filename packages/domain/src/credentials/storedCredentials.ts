import type { CredentialsSaved } from './credentialsEvents.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { foldState, type Fold } from '../shared/decider.js';

/** The credentials of a user stream as the api and the executor read them. */
export interface CredentialsOnStream {
  /** The credentials in force: the last save, unless a deletion came after it. */
  readonly current: CredentialsSaved['data'] | null;
  /** The last saved credentials even if deleted since: reads about orders already sent need their account. */
  readonly lastSaved: CredentialsSaved['data'] | null;
}

type CredentialsEvent = Extract<UserEvent, { type: 'CredentialsSaved' | 'CredentialsDeleted' }>;

/**
 * Folds a user stream's credentials. It agrees with the credentials decider on what is in force:
 * the decider records a replacement under a new data key as a deletion of the old key followed by
 * the save, and a deletion alone as the end of the keys, so the last of the two events decides.
 */
export const storedCredentialsFold: Fold<CredentialsEvent, CredentialsOnStream> = {
  eventTypes: ['CredentialsSaved', 'CredentialsDeleted'],
  initialState: () => ({ current: null, lastSaved: null }),
  evolve: (state, event) =>
    event.type === 'CredentialsSaved' ? { current: event.data, lastSaved: event.data } : { current: null, lastSaved: state.lastSaved },
};

/** The credentials of a user stream's events. */
export function storedCredentials(events: readonly { readonly type: string }[]): CredentialsOnStream {
  return foldState(storedCredentialsFold, events);
}
