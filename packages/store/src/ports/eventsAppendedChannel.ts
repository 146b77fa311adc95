import type { GlobalPosition } from './events.js';

/**
 * Notifier channel on which an event store announces, after commit, that the log grew.
 * Catch-up subscriptions listen to it to wake without polling delay.
 */
export const EVENTS_APPENDED_CHANNEL = 'store.events.appended';

/** Message published on EVENTS_APPENDED_CHANNEL. */
export type EventsAppendedMessage = {
  /** Position of the last event of the commit. */
  readonly position: GlobalPosition;
};
