import { z } from 'zod';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { ReferralMetadataSchema } from './referralEvents.js';
import { type UserEvent } from '../eventModel/userStreamEvents.js';
import { assertNever } from '../shared/assertNever.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domainError.js';

/** Longest decline reason kept. */
export const MAX_DECLINE_REASON_LENGTH = 500;

/** Report joining the exchange through the referral; `extra` holds any other body fields. */
export const SelfReportReferralSchema = z.object({ type: z.literal('SelfReportReferral'), extra: ReferralMetadataSchema.optional(), at: IsoTimestampSchema });
/** Decline the referral with a reason. */
export const DeclineReferralSchema = z.object({ type: z.literal('DeclineReferral'), reason: z.unknown(), at: IsoTimestampSchema });
/** Follow the referral join link. */
export const ClickReferralJoinSchema = z.object({ type: z.literal('ClickReferralJoin'), at: IsoTimestampSchema });
/** Log a client referral event. */
export const LogReferralEventSchema = z.object({
  type: z.literal('LogReferralEvent'),
  eventType: z.string(),
  metadata: ReferralMetadataSchema,
  at: IsoTimestampSchema,
});

/** Commands of the referral decider. */
export const ReferralCommandSchema = z.discriminatedUnion('type', [
  SelfReportReferralSchema,
  DeclineReferralSchema,
  ClickReferralJoinSchema,
  LogReferralEventSchema,
]);
/** A referral command. */
export type ReferralCommand = z.infer<typeof ReferralCommandSchema>;

/** What the referral rules need to know about a user stream. */
export interface ReferralState {
  readonly exists: boolean;
  readonly joinedViaReferral: boolean;
}

/** "User must be authenticated to update referral info": there is no user to record it for. */
export function referralUnauthenticated(): DomainError {
  return new DomainError('UNAUTHENTICATED', 'Not signed in', 'User must be authenticated to update referral info');
}

function invalidReferral(field: string, message: string): DomainError {
  return new DomainError('INVALID_REFERRAL', 'Invalid referral request', message, [{ field, message }]);
}

/** The user-stream events these rules record or fold; the stream's other events pass them by. */
const REFERRAL_EVENTS = ['UserSignedUp', 'ReferralDeclined', 'ReferralEventLogged', 'ReferralJoinClicked', 'ReferralSelfReported'] as const;
/** An event of REFERRAL_EVENTS. */
type ReferralDeciderEvent = Extract<UserEvent, { type: (typeof REFERRAL_EVENTS)[number] }>;

function decide(command: ReferralCommand, state: ReferralState): ReferralDeciderEvent[] {
  // Referral facts live on the user's stream, so without an account there is nowhere to record
  // them. Anonymous event logging, which the spec allows, is the api's to drop.
  if (!state.exists) throw referralUnauthenticated();
  switch (command.type) {
    case 'SelfReportReferral':
      // Reporting again is harmless and changes nothing.
      if (state.joinedViaReferral) return [];
      return [{ type: 'ReferralSelfReported', v: 1, data: { joinedViaReferral: true, ...(command.extra ? { extra: command.extra } : {}), at: command.at } }];
    case 'DeclineReferral': {
      const reason = typeof command.reason === 'string' ? command.reason.trim() : '';
      if (reason === '') throw invalidReferral('reason', 'Please give a reason.');
      if (reason.length > MAX_DECLINE_REASON_LENGTH) throw invalidReferral('reason', `The reason must be at most ${MAX_DECLINE_REASON_LENGTH} characters.`);
      return [{ type: 'ReferralDeclined', v: 1, data: { reason, at: command.at } }];
    }
    case 'ClickReferralJoin':
      // Every click counts.
      return [{ type: 'ReferralJoinClicked', v: 1, data: { at: command.at } }];
    case 'LogReferralEvent': {
      const eventType = command.eventType.trim();
      if (eventType === '' || eventType.length > 100) throw invalidReferral('type', 'The event type must be 1 to 100 characters.');
      return [{ type: 'ReferralEventLogged', v: 1, data: { eventType, metadata: command.metadata, at: command.at } }];
    }
    default:
      return assertNever(command, 'referral command');
  }
}

function evolve(state: ReferralState, event: ReferralDeciderEvent): ReferralState {
  switch (event.type) {
    case 'UserSignedUp':
      return { ...state, exists: true };
    case 'ReferralSelfReported':
      return { ...state, joinedViaReferral: true };
    case 'ReferralDeclined':
    case 'ReferralJoinClicked':
    case 'ReferralEventLogged':
      return state;
    default:
      return assertNever(event, 'user event');
  }
}

/**
 * Referral rules on `user-<uid>`: self-report (once), decline with a
 * reason, join clicks and client events; all need an account.
 */
export const referralDecider: Decider<ReferralCommand, ReferralDeciderEvent, ReferralState> = {
  eventTypes: REFERRAL_EVENTS,
  decide,
  evolve,
  initialState: () => ({ exists: false, joinedViaReferral: false }),
};
