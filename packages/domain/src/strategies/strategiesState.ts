import type { Sealed } from '../eventModel/sealed.js';
import type { AccountGuards, AlertGuards } from '../guards/alertGuards.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { DEFAULT_SETTINGS, type Settings } from '../settings/settingsSchema.js';
import { DEFAULT_PAPER_BALANCE, FIRST_STRATEGY_ID, FIRST_STRATEGY_NAME, MAIN_ACCOUNT, strategyOf, type StrategyVenue } from '../eventModel/strategyIds.js';

/** A paper strategy's account as the user stream defines it; its fills are on `paper-<uid>`. */
export interface PaperAccountState {
  /** The balance it started (or was last reset) with, in USDC. */
  readonly balance: number;
  /** 0 from creation, one more at each reset: fills of an earlier run carry a lower one. */
  readonly epoch: number;
  /** When this run began. */
  readonly since: string;
}

/** One strategy as the user stream says it is now. */
export interface StrategyState {
  readonly id: string;
  readonly name: string;
  readonly venue: StrategyVenue;
  /** The paper account of a paper strategy; null for a live one (and after promotion). */
  readonly paper: PaperAccountState | null;
  readonly settings: Settings;
  /** Hash of its current webhook secret (null: none issued yet). */
  readonly secretHash: string | null;
  /** Its current webhook secret, sealed: the api unseals it to show the URL. */
  readonly sealedSecret: Sealed | null;
  /** When it was paused; null while it trades. */
  readonly pausedSince: string | null;
  readonly createdAt: string;
  /** When it was deleted: its URL is dead, its history kept. */
  readonly deletedAt: string | null;
  /** The Hyperliquid sub-account it trades on (issue 39, point 2); null: the main account. */
  readonly subAccount?: { readonly address: string; readonly name: string | null } | null;
  /** Its guards before the order (issue 42); absent: none. */
  readonly guards?: AlertGuards;
}

/** The strategies of one user stream, in the order they were created (the first strategy first). */
export interface StrategiesState {
  readonly exists: boolean;
  /** Whether the first strategy's StrategyCreated is on the stream (false: an account older than strategies, not yet migrated). */
  readonly firstRecorded: boolean;
  readonly strategies: readonly StrategyState[];
  /** The account's guards (issue 42): a daily loss limit over every live strategy; absent: none. */
  readonly accountGuards?: AccountGuards;
}

/** The user-stream events that shape strategies. */
export const STRATEGY_EVENTS = [
  'UserSignedUp',
  'StrategyCreated',
  'StrategyRenamed',
  'StrategyPaused',
  'StrategyResumed',
  'StrategyDeleted',
  'SettingsUpdated',
  'SettingsReset',
  'WebhookSecretRotated',
  'PaperAccountReset',
  'StrategyPromoted',
  'StrategySubAccountBound',
  'StrategyGuardsSet',
  'AccountGuardsSet',
] as const;
/** An event of STRATEGY_EVENTS. */
export type StrategyEvent = Extract<UserEvent, { type: (typeof STRATEGY_EVENTS)[number] }>;

/** Before sign-up: nothing. */
export function initialStrategiesState(): StrategiesState {
  return { exists: false, firstRecorded: false, strategies: [] };
}

function change(state: StrategiesState, id: string, update: (strategy: StrategyState) => StrategyState): StrategiesState {
  // An event about a strategy this fold never saw created changes nothing (it cannot happen on a stream the deciders wrote).
  if (!state.strategies.some((s) => s.id === id)) return state;
  return { ...state, strategies: state.strategies.map((s) => (s.id === id ? update(s) : s)) };
}

/**
 * Folds one event. The first strategy exists from sign-up, whether or not its StrategyCreated was
 * recorded yet (accounts older than strategies), so an account's settings, webhook URL and
 * alerts are its first strategy's from the start; StrategyCreated of the first strategy only
 * records it (and its name).
 */
export function evolveStrategies(state: StrategiesState, event: StrategyEvent): StrategiesState {
  switch (event.type) {
    case 'UserSignedUp':
      if (state.exists) return state;
      return {
        ...state,
        exists: true,
        strategies: [
          {
            id: FIRST_STRATEGY_ID,
            name: FIRST_STRATEGY_NAME,
            venue: 'live',
            paper: null,
            settings: DEFAULT_SETTINGS,
            secretHash: null,
            sealedSecret: null,
            pausedSince: null,
            createdAt: event.data.at,
            deletedAt: null,
          },
        ],
      };
    case 'StrategyCreated': {
      const { strategyId, name, venue, settings, at } = event.data;
      if (strategyId === FIRST_STRATEGY_ID) return change({ ...state, firstRecorded: true }, strategyId, (s) => ({ ...s, name, venue }));
      if (state.strategies.some((s) => s.id === strategyId)) return state;
      const paper = venue === 'paper' ? { balance: event.data.paperBalance ?? DEFAULT_PAPER_BALANCE, epoch: 0, since: at } : null;
      const created: StrategyState = {
        id: strategyId,
        name,
        venue,
        paper,
        settings: settings ?? DEFAULT_SETTINGS,
        secretHash: null,
        sealedSecret: null,
        pausedSince: null,
        createdAt: at,
        deletedAt: null,
      };
      return { ...state, strategies: [...state.strategies, created] };
    }
    case 'StrategyRenamed':
      return change(state, event.data.strategyId, (s) => ({ ...s, name: event.data.name }));
    case 'StrategyPaused':
      return change(state, event.data.strategyId, (s) => ({ ...s, pausedSince: s.pausedSince ?? event.data.at }));
    case 'StrategyResumed':
      return change(state, event.data.strategyId, (s) => ({ ...s, pausedSince: null }));
    case 'StrategyDeleted':
      return change(state, event.data.strategyId, (s) => ({ ...s, deletedAt: s.deletedAt ?? event.data.at }));
    case 'SettingsUpdated':
    case 'SettingsReset':
      return change(state, strategyOf(event.data), (s) => ({ ...s, settings: event.data.settings }));
    case 'WebhookSecretRotated':
      return change(state, strategyOf(event.data), (s) => ({ ...s, secretHash: event.data.secretHash, sealedSecret: event.data.sealedSecret }));
    case 'PaperAccountReset':
      return change(state, event.data.strategyId, (s) =>
        s.paper === null ? s : { ...s, paper: { balance: event.data.balance, epoch: s.paper.epoch + 1, since: event.data.at } },
      );
    case 'StrategyPromoted':
      return change(state, event.data.strategyId, (s) => ({ ...s, venue: 'live', paper: null }));
    case 'StrategySubAccountBound': {
      const { subAccountAddress, name } = event.data;
      return change(state, event.data.strategyId, (s) => ({
        ...s,
        subAccount: subAccountAddress === null ? null : { address: subAccountAddress.toLowerCase(), name: name ?? null },
      }));
    }
    case 'AccountGuardsSet':
      return { ...state, accountGuards: event.data.guards };
    case 'StrategyGuardsSet':
      return change(state, event.data.strategyId, (s) => ({ ...s, guards: event.data.guards }));
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** The venue account a strategy trades on: `main`, or its sub-account's lower-case address. */
export function venueAccountOf(strategy: Pick<StrategyState, 'subAccount'> | undefined): string {
  return strategy?.subAccount?.address ?? MAIN_ACCOUNT;
}

/** The strategies not deleted, first strategy first. */
export function liveStrategies(state: StrategiesState): StrategyState[] {
  return state.strategies.filter((s) => s.deletedAt === null);
}

/** A strategy not deleted, by id; undefined when there is none. */
export function findStrategy(state: StrategiesState, id: string): StrategyState | undefined {
  return state.strategies.find((s) => s.id === id && s.deletedAt === null);
}
