import { z } from 'zod';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { PushKeysSchema } from './pushSubscriptionEvents.js';
import { type UserEvent } from '../eventModel/userStreamEvents.js';
import { assertNever } from '../shared/assertNever.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domainError.js';
import { requireAccount } from '../shared/requireAccount.js';

/** Most browsers one user may register for push; beyond it old ones should be removed first. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

const EndpointSchema = z.url({ protocol: /^https$/ }).max(2048);

/** Register (or refresh the keys of) a browser push subscription. */
export const AddPushSubscriptionSchema = z.object({
  type: z.literal('AddPushSubscription'),
  endpoint: EndpointSchema,
  keys: PushKeysSchema,
  at: IsoTimestampSchema,
});
/** Remove a push subscription (opt-out, or the push service reported it gone). */
export const RemovePushSubscriptionSchema = z.object({ type: z.literal('RemovePushSubscription'), endpoint: EndpointSchema, at: IsoTimestampSchema });

/** Commands of the push subscriptions decider. */
export const PushSubscriptionCommandSchema = z.discriminatedUnion('type', [AddPushSubscriptionSchema, RemovePushSubscriptionSchema]);
/** A push subscription command. */
export type PushSubscriptionCommand = z.infer<typeof PushSubscriptionCommandSchema>;

/** What the push rules need to know about a user stream. */
export interface PushSubscriptionsState {
  readonly exists: boolean;
  /** Current subscriptions: endpoint → keys. */
  readonly subscriptions: Readonly<Record<string, { readonly p256dh: string; readonly auth: string }>>;
}

/** The user-stream events these rules record or fold; the stream's other events pass them by. */
const PUSHSUBSCRIPTION_EVENTS = ['UserSignedUp', 'PushSubscriptionAdded', 'PushSubscriptionRemoved'] as const;
/** An event of PUSHSUBSCRIPTION_EVENTS. */
type PushSubscriptionDeciderEvent = Extract<UserEvent, { type: (typeof PUSHSUBSCRIPTION_EVENTS)[number] }>;

function decide(command: PushSubscriptionCommand, state: PushSubscriptionsState): PushSubscriptionDeciderEvent[] {
  requireAccount(state);
  const current = Object.hasOwn(state.subscriptions, command.endpoint) ? state.subscriptions[command.endpoint] : undefined;
  switch (command.type) {
    case 'AddPushSubscription': {
      // The browser re-subscribes on every visit: the same endpoint with the same keys changes nothing.
      if (current && current.p256dh === command.keys.p256dh && current.auth === command.keys.auth) return [];
      if (!current && Object.keys(state.subscriptions).length >= MAX_PUSH_SUBSCRIPTIONS) {
        const message = `At most ${MAX_PUSH_SUBSCRIPTIONS} devices can receive notifications; turn them off on a device you no longer use.`;
        throw new DomainError('INVALID_PUSH_SUBSCRIPTION', 'Too many devices', message);
      }
      return [{ type: 'PushSubscriptionAdded', v: 1, data: { endpoint: command.endpoint, keys: command.keys, at: command.at } }];
    }
    case 'RemovePushSubscription':
      return current ? [{ type: 'PushSubscriptionRemoved', v: 1, data: { endpoint: command.endpoint, at: command.at } }] : [];
    default:
      return assertNever(command, 'push subscription command');
  }
}

function evolve(state: PushSubscriptionsState, event: PushSubscriptionDeciderEvent): PushSubscriptionsState {
  switch (event.type) {
    case 'UserSignedUp':
      return { ...state, exists: true };
    case 'PushSubscriptionAdded':
      return { ...state, subscriptions: { ...state.subscriptions, [event.data.endpoint]: event.data.keys } };
    case 'PushSubscriptionRemoved': {
      const { [event.data.endpoint]: _removed, ...rest } = state.subscriptions;
      return { ...state, subscriptions: rest };
    }
    default:
      return assertNever(event, 'user event');
  }
}

/**
 * Push subscription rules on `user-<uid>`: add or refresh a browser's
 * subscription (idempotent), remove one (no-op when absent), at most 20 per user.
 */
export const pushSubscriptionsDecider: Decider<PushSubscriptionCommand, PushSubscriptionDeciderEvent, PushSubscriptionsState> = {
  eventTypes: PUSHSUBSCRIPTION_EVENTS,
  decide,
  evolve,
  initialState: () => ({ exists: false, subscriptions: {} }),
};
