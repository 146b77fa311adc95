import {
  type AccountGuards,
  foldState,
  settingsDecider,
  storedCredentialsFold,
  strategiesDecider,
  tradingSwitchDecider,
  userStreamId,
  type CredentialsOnStream,
  type CredentialsSaved,
  type Fold,
  type Sealed,
  type Settings,
  type SettingsState,
  type StrategiesState,
  type StrategyState,
  type TradingSwitchState,
  type UserEvent,
} from '@hyperhook/domain';
import { createStreamFoldCache, readUserStream } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';

/** The stored exchange credentials of a user (private key still sealed). */
export interface StoredCredentials {
  readonly accountAddress: string;
  readonly apiWalletAddress: string;
  readonly isTestnet: boolean;
  readonly sealedPrivateKey: Sealed;
  /** The account mode read when the keys were saved, when it could be: snapshots then need not ask for it. */
  readonly accountMode?: CredentialsSaved['data']['accountMode'];
  /** When Hyperliquid drops the API wallet, as the key check read it (a named wallet's); absent when unknown. */
  readonly validUntil?: string;
  /** Why the venue said this (unnamed) API wallet is not approved for the account, when its background check said so. */
  readonly notApproved?: string;
}

/** What the executor needs from `user-<uid>`: current credentials (or null) and settings. */
export interface UserProfile {
  readonly credentials: StoredCredentials | null;
  readonly settings: Settings;
  /** The main account of the last saved credentials, even if deleted since: reads about orders already sent need it. */
  readonly lastAccount: { readonly accountAddress: string; readonly isTestnet: boolean } | null;
  /** When the trader paused all trading (the kill switch); null while trading runs. */
  readonly tradingPausedSince: string | null;
  /** Every strategy ever created, deleted ones included (an alert may have come just before its strategy was deleted). */
  readonly strategies: readonly StrategyState[];
  /** The account's guards (issue 42): a daily loss limit over every live strategy; absent: none. */
  readonly accountGuards?: AccountGuards | undefined;
}

type ProfileState = {
  readonly credentials: CredentialsOnStream;
  readonly settings: SettingsState;
  readonly trading: TradingSwitchState;
  readonly strategies: StrategiesState;
};
type ProfileEvent = Extract<
  UserEvent,
  {
    type:
      | (typeof storedCredentialsFold.eventTypes)[number]
      | (typeof settingsDecider.eventTypes)[number]
      | (typeof tradingSwitchDecider.eventTypes)[number]
      | (typeof strategiesDecider.eventTypes)[number];
  }
>;

/**
 * The user stream folded with the credentials and settings rules, so the executor applies the
 * same rules as the api that recorded the events (a deleted key is gone, defaults until saved).
 */
const profileFold: Fold<ProfileEvent, ProfileState> = {
  eventTypes: [
    ...new Set([...storedCredentialsFold.eventTypes, ...settingsDecider.eventTypes, ...tradingSwitchDecider.eventTypes, ...strategiesDecider.eventTypes]),
  ],
  initialState: () => ({
    credentials: storedCredentialsFold.initialState(),
    settings: settingsDecider.initialState(),
    trading: tradingSwitchDecider.initialState(),
    strategies: strategiesDecider.initialState(),
  }),
  evolve: (state, event) => ({
    credentials: foldState(storedCredentialsFold, [event], state.credentials),
    settings: foldState(settingsDecider, [event], state.settings),
    trading: foldState(tradingSwitchDecider, [event], state.trading),
    strategies: foldState(strategiesDecider, [event], state.strategies),
  }),
};

function profileOf({ credentials: { current, lastSaved, refused }, settings, trading, strategies }: ProfileState): UserProfile {
  return {
    credentials: current === null ? null : { ...toStoredCredentials(current), ...(refused !== null ? { notApproved: refused } : {}) },
    settings: settings.settings,
    lastAccount: lastSaved === null ? null : { accountAddress: lastSaved.accountAddress, isTestnet: lastSaved.isTestnet },
    tradingPausedSince: trading.pausedSince,
    strategies: strategies.strategies,
    accountGuards: strategies.accountGuards,
  };
}

function toStoredCredentials({
  accountAddress,
  apiWalletAddress,
  isTestnet,
  sealedPrivateKey,
  accountMode,
  validUntil,
}: CredentialsSaved['data']): StoredCredentials {
  return {
    accountAddress,
    apiWalletAddress,
    isTestnet,
    sealedPrivateKey,
    ...(accountMode !== undefined ? { accountMode } : {}),
    ...(validUntil !== undefined ? { validUntil } : {}),
  };
}

/** Reads a user's profile from the whole user stream (the api's reads, which are rare). */
export async function loadUserProfile(eventStore: EventStore, uid: string): Promise<UserProfile> {
  return profileOf(foldState(profileFold, (await readUserStream(eventStore, uid)).events));
}

/** Users' profiles for the executor, which reads one per alert: each read fetches only the user events appended since the last. */
export interface UserProfiles {
  get(uid: string): Promise<UserProfile>;
}

export function createUserProfiles(eventStore: EventStore): UserProfiles {
  const cache = createStreamFoldCache(eventStore, profileFold);
  return { get: async (uid) => profileOf(await cache.get(userStreamId(uid))) };
}
