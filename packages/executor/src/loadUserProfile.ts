import { foldState, settingsDecider, storedCredentials, type CredentialsSaved, type Sealed, type Settings } from '@hyperhook/domain';
import type { EventStore } from '@hyperhook/store';
import { readUserEvents } from './readUserEvents.js';

/** The stored exchange credentials of a user (private key still sealed). */
export interface StoredCredentials {
  readonly accountAddress: string;
  readonly apiWalletAddress: string;
  readonly isTestnet: boolean;
  readonly sealedPrivateKey: Sealed;
}

/** What the executor needs from `user-<uid>`: current credentials (or null) and settings. */
export interface UserProfile {
  readonly credentials: StoredCredentials | null;
  readonly settings: Settings;
  /** The main account of the last saved credentials, even if deleted since: reads about orders already sent need it. */
  readonly lastAccount: { readonly accountAddress: string; readonly isTestnet: boolean } | null;
}

/**
 * Folds the user stream with the credentials and settings rules, so the executor applies the
 * same rules as the api that recorded the events (a deleted key is gone, defaults until saved).
 */
export async function loadUserProfile(eventStore: EventStore, uid: string): Promise<UserProfile> {
  const events = await readUserEvents(eventStore, uid);
  const { current, lastSaved } = storedCredentials(events);
  return {
    credentials: current === null ? null : toStoredCredentials(current),
    settings: foldState(settingsDecider, events).settings,
    lastAccount: lastSaved === null ? null : { accountAddress: lastSaved.accountAddress, isTestnet: lastSaved.isTestnet },
  };
}

function toStoredCredentials({ accountAddress, apiWalletAddress, isTestnet, sealedPrivateKey }: CredentialsSaved['data']): StoredCredentials {
  return { accountAddress, apiWalletAddress, isTestnet, sealedPrivateKey };
}
