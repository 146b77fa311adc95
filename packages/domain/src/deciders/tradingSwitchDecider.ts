import { z } from 'zod';
import { IsoTimestampSchema } from '../events/primitives.js';
import type { UserEvent } from '../events/userEvents.js';
import { assertNever } from '../shared/assertNever.js';
import type { Decider } from '../shared/decider.js';
import { requireAccount } from './requireAccount.js';

/** Stop all trading: every alert from now on is logged, marked paused, and not traded. */
export const PauseAllTradingSchema = z.object({ type: z.literal('PauseAllTrading'), at: IsoTimestampSchema });
/** Trade again. */
export const ResumeAllTradingSchema = z.object({ type: z.literal('ResumeAllTrading'), at: IsoTimestampSchema });

/** Commands of the trading switch. */
export const TradingSwitchCommandSchema = z.discriminatedUnion('type', [PauseAllTradingSchema, ResumeAllTradingSchema]);
/** A trading switch command. */
export type TradingSwitchCommand = z.infer<typeof TradingSwitchCommandSchema>;

/** Whether the trader's kill switch is on, and since when. */
export interface TradingSwitchState {
  readonly exists: boolean;
  /** When trading was paused; null while it runs. */
  readonly pausedSince: string | null;
}

const TRADING_SWITCH_EVENTS = ['UserSignedUp', 'TradingPaused', 'TradingResumed'] as const;
type TradingSwitchEvent = Extract<UserEvent, { type: (typeof TRADING_SWITCH_EVENTS)[number] }>;

function decide(command: TradingSwitchCommand, state: TradingSwitchState): TradingSwitchEvent[] {
  requireAccount(state);
  switch (command.type) {
    // A second tap changes nothing: the switch keeps the moment it was first thrown.
    case 'PauseAllTrading':
      return state.pausedSince === null ? [{ type: 'TradingPaused', v: 1, data: { at: command.at } }] : [];
    case 'ResumeAllTrading':
      return state.pausedSince === null ? [] : [{ type: 'TradingResumed', v: 1, data: { at: command.at } }];
    default:
      return assertNever(command, 'trading switch command');
  }
}

function evolve(state: TradingSwitchState, event: TradingSwitchEvent): TradingSwitchState {
  switch (event.type) {
    case 'UserSignedUp':
      return { ...state, exists: true };
    case 'TradingPaused':
      return { ...state, pausedSince: event.data.at };
    case 'TradingResumed':
      return { ...state, pausedSince: null };
    default:
      return assertNever(event, 'user event');
  }
}

/**
 * The kill switch on `user-<uid>`: one control that stops every alert of the trader from being
 * traded, and resumes them. Both are idempotent, and both are events, so an auditor sees who
 * stopped trading and when.
 */
export const tradingSwitchDecider: Decider<TradingSwitchCommand, TradingSwitchEvent, TradingSwitchState> = {
  eventTypes: TRADING_SWITCH_EVENTS,
  decide,
  evolve,
  initialState: () => ({ exists: false, pausedSince: null }),
};
