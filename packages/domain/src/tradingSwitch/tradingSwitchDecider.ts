import { z } from 'zod';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { assertNever } from '../shared/assertNever.js';
import type { Decider } from '../shared/decider.js';
import { requireAccount } from '../shared/requireAccount.js';

/** Stop all trading: every alert from now on is logged, marked paused, and not traded. */
export const PauseAllTradingSchema = z.object({ type: z.literal('PauseAllTrading'), at: IsoTimestampSchema });
/** Trade again. */
export const ResumeAllTradingSchema = z.object({ type: z.literal('ResumeAllTrading'), at: IsoTimestampSchema });

/** Close every open position: `coins` are those open now, `signalIds` the close signal of each. */
export const RequestCloseAllSchema = z.object({
  type: z.literal('RequestCloseAll'),
  at: IsoTimestampSchema,
  coins: z.array(z.string().min(1).max(50)).max(500),
  signalIds: z.array(z.string().min(1).max(200)).max(500),
});

/** Commands of the trading switch. */
export const TradingSwitchCommandSchema = z.discriminatedUnion('type', [PauseAllTradingSchema, ResumeAllTradingSchema, RequestCloseAllSchema]);
/** A trading switch command. */
export type TradingSwitchCommand = z.infer<typeof TradingSwitchCommandSchema>;

/** Whether the trader's kill switch is on, and since when. */
export interface TradingSwitchState {
  readonly exists: boolean;
  /** When trading was paused; null while it runs. */
  readonly pausedSince: string | null;
}

const TRADING_SWITCH_EVENTS = ['UserSignedUp', 'TradingPaused', 'TradingResumed', 'CloseAllRequested'] as const;
type TradingSwitchEvent = Extract<UserEvent, { type: (typeof TRADING_SWITCH_EVENTS)[number] }>;

function decide(command: TradingSwitchCommand, state: TradingSwitchState): TradingSwitchEvent[] {
  requireAccount(state);
  switch (command.type) {
    // A second tap changes nothing: the switch keeps the moment it was first thrown.
    case 'PauseAllTrading':
      return state.pausedSince === null ? [{ type: 'TradingPaused', v: 1, data: { at: command.at } }] : [];
    case 'ResumeAllTrading':
      return state.pausedSince === null ? [] : [{ type: 'TradingResumed', v: 1, data: { at: command.at } }];
    // Recorded even with nothing open: the auditor sees that the trader asked.
    case 'RequestCloseAll':
      return [{ type: 'CloseAllRequested', v: 1, data: { at: command.at, coins: command.coins, signalIds: command.signalIds } }];
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
    case 'CloseAllRequested':
      return state;
    default:
      return assertNever(event, 'user event');
  }
}

/**
 * The kill switch on `user-<uid>`: one control that stops every alert of the trader from being
 * traded, and resumes them (both idempotent), and the panic close of every position. All are
 * events, so an auditor sees who stopped trading, and when.
 */
export const tradingSwitchDecider: Decider<TradingSwitchCommand, TradingSwitchEvent, TradingSwitchState> = {
  eventTypes: TRADING_SWITCH_EVENTS,
  decide,
  evolve,
  initialState: () => ({ exists: false, pausedSince: null }),
};
