import {
  credentialsDecider,
  isUserEvent,
  settingsDecider,
  userStreamId,
  type CredentialsState,
  type Sealed,
  type Settings,
  type SettingsState,
} from '@hyperhook/domain';
import type { EventStore } from '@hyperhook/store';
import { decodeStreamEvents } from '@hyperhook/projector';

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
 * Folds the user stream with the credentials and settings deciders, so the executor applies the
 * same rules as the api that recorded the events (a deleted key is gone, defaults until saved).
 * The decider state only remembers the data key, so the last CredentialsSaved gives the addresses;
 * it counts only while its data key is still the current one.
 */
export async function loadUserProfile(eventStore: EventStore, uid: string): Promise<UserProfile> {
  const events = decodeStreamEvents(await eventStore.readStream(userStreamId(uid))).filter(isUserEvent);
  let credentialsState: CredentialsState = credentialsDecider.initialState();
  let settingsState: SettingsState = settingsDecider.initialState();
  let lastSaved: StoredCredentials | null = null;
  for (const event of events) {
    credentialsState = credentialsDecider.evolve(credentialsState, event);
    settingsState = settingsDecider.evolve(settingsState, event);
    if (event.type === 'CredentialsSaved') {
      const { accountAddress, apiWalletAddress, isTestnet, sealedPrivateKey } = event.data;
      lastSaved = { accountAddress, apiWalletAddress, isTestnet, sealedPrivateKey };
    }
  }
  const current = lastSaved !== null && credentialsState.dataKeyId === lastSaved.sealedPrivateKey.keyId ? lastSaved : null;
  const lastAccount = lastSaved === null ? null : { accountAddress: lastSaved.accountAddress, isTestnet: lastSaved.isTestnet };
  return { credentials: current, settings: settingsState.settings, lastAccount };
}
