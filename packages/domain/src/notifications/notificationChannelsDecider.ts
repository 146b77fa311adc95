import { z } from 'zod';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { MAX_NOTIFICATION_CHANNELS, StoredNotificationChannelSchema, type StoredNotificationChannel } from './notificationChannels.js';
import { assertNever } from '../shared/assertNever.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domainError.js';
import { requireAccount } from '../shared/requireAccount.js';

/** Replace the trader's channels with these (secrets already sealed by the caller). */
export const SetNotificationChannelsSchema = z.object({
  type: z.literal('SetNotificationChannels'),
  channels: z.array(StoredNotificationChannelSchema),
  at: IsoTimestampSchema,
});
/** Commands of the notification channels decider. */
export type NotificationChannelsCommand = z.infer<typeof SetNotificationChannelsSchema>;

/** The trader's channels as the log says. */
export interface NotificationChannelsState {
  readonly exists: boolean;
  readonly channels: readonly StoredNotificationChannel[];
}

const NOTIFICATION_CHANNEL_EVENTS = ['UserSignedUp', 'NotificationChannelsUpdated'] as const;
type NotificationChannelsEvent = Extract<UserEvent, { type: (typeof NOTIFICATION_CHANNEL_EVENTS)[number] }>;

const refuse = (message: string) => new DomainError('INVALID_NOTIFICATION_CHANNELS', 'Invalid notification channels', message);

/** Deterministic JSON (sorted keys), to tell a repeat from a change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function decide(command: NotificationChannelsCommand, state: NotificationChannelsState): NotificationChannelsEvent[] {
  requireAccount(state);
  if (command.channels.length > MAX_NOTIFICATION_CHANNELS) throw refuse(`At most ${MAX_NOTIFICATION_CHANNELS} channels.`);
  const ids = new Set(command.channels.map((c) => c.id));
  if (ids.size !== command.channels.length) throw refuse('Two channels have the same id.');
  // Saving the same set again records nothing.
  if (canonical(command.channels) === canonical(state.channels)) return [];
  return [{ type: 'NotificationChannelsUpdated', v: 1, data: { channels: command.channels, at: command.at } }];
}

function evolve(state: NotificationChannelsState, event: NotificationChannelsEvent): NotificationChannelsState {
  switch (event.type) {
    case 'UserSignedUp':
      return { ...state, exists: true };
    case 'NotificationChannelsUpdated':
      return { ...state, channels: event.data.channels };
    default:
      return assertNever(event, 'user event');
  }
}

/**
 * Notification channels on `user-<uid>` (issue 30, point 2): the trader's set of Telegram, Discord
 * and outgoing-webhook channels, each with the events it gets, replaced as a whole; at most 10,
 * ids unique, a repeat records nothing. The secrets arrive sealed: the domain never sees them.
 */
export const notificationChannelsDecider: Decider<NotificationChannelsCommand, NotificationChannelsEvent, NotificationChannelsState> = {
  eventTypes: NOTIFICATION_CHANNEL_EVENTS,
  decide,
  evolve,
  initialState: () => ({ exists: false, channels: [] }),
};
