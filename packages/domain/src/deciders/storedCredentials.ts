import type { DomainEvent } from '../events/domainEvent.js';
import type { CredentialsSaved } from '../events/userEvents.js';
import { foldState } from '../shared/decider.js';
import { credentialsDecider } from './credentialsDecider.js';

/** The credentials of a user stream as the api and the executor read them. */
export interface CredentialsOnStream {
  /** The credentials in force: the last save, while its data key is still the current one. */
  readonly current: CredentialsSaved['data'] | null;
  /** The last saved credentials even if deleted since: reads about orders already sent need their account. */
  readonly lastSaved: CredentialsSaved['data'] | null;
}

/**
 * Reads a user stream's credentials with the credentials rules themselves, so every reader agrees
 * with the decider on what a deletion removed (the decider's state keeps only the data key, the
 * last CredentialsSaved gives the addresses).
 */
export function storedCredentials(events: readonly DomainEvent[]): CredentialsOnStream {
  let lastSaved: CredentialsSaved['data'] | null = null;
  for (const event of events) if (event.type === 'CredentialsSaved') lastSaved = event.data;
  const { dataKeyId } = foldState(credentialsDecider, events);
  return { current: lastSaved !== null && dataKeyId === lastSaved.sealedPrivateKey.keyId ? lastSaved : null, lastSaved };
}
