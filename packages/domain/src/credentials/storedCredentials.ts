import type { CredentialsSaved } from './credentialsEvents.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { foldState, type Fold } from '../shared/decider.js';
import { sameAddress } from '../shared/hexPatterns.js';

/** The credentials of a user stream as the api and the executor read them. */
export interface CredentialsOnStream {
  /** The credentials in force: the last save, unless a deletion came after it. */
  readonly current: CredentialsSaved['data'] | null;
  /** The last saved credentials even if deleted since: reads about orders already sent need their account. */
  readonly lastSaved: CredentialsSaved['data'] | null;
  /**
   * Why the venue said the current API wallet is not approved for the account, when the background
   * check of an unnamed wallet said so (CredentialsChecked); null otherwise, and once keys are saved again.
   */
  readonly refused: string | null;
}

type CredentialsEvent = Extract<UserEvent, { type: 'CredentialsSaved' | 'CredentialsDeleted' | 'CredentialsChecked' }>;

/** What the log says when a check refused a wallet without saying why (the venue always says). */
export const WALLET_NOT_APPROVED_MESSAGE = 'Hyperliquid does not list this API wallet as approved for the account: approve it, then save the keys again.';

function checked(state: CredentialsOnStream, check: Extract<CredentialsEvent, { type: 'CredentialsChecked' }>['data']): CredentialsOnStream {
  // A check of a wallet replaced since says nothing of the current one.
  if (state.current === null || !sameAddress(state.current.apiWalletAddress, check.apiWalletAddress)) return state;
  return { ...state, refused: check.approved ? null : (check.message ?? WALLET_NOT_APPROVED_MESSAGE) };
}

/**
 * Folds a user stream's credentials. It agrees with the credentials decider on what is in force:
 * the decider records a replacement under a new data key as a deletion of the old key followed by
 * the save, and a deletion alone as the end of the keys, so the last of the two events decides.
 */
export const storedCredentialsFold: Fold<CredentialsEvent, CredentialsOnStream> = {
  eventTypes: ['CredentialsSaved', 'CredentialsDeleted', 'CredentialsChecked'],
  initialState: () => ({ current: null, lastSaved: null, refused: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CredentialsSaved':
        return { current: event.data, lastSaved: event.data, refused: null };
      case 'CredentialsDeleted':
        return { current: null, lastSaved: state.lastSaved, refused: null };
      case 'CredentialsChecked':
        return checked(state, event.data);
    }
  },
};

/** The credentials of a user stream's events. */
export function storedCredentials(events: readonly { readonly type: string }[]): CredentialsOnStream {
  return foldState(storedCredentialsFold, events);
}
