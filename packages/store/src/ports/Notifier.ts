import type { JsonValue } from './json.js';

/** A notification payload: JSON, to be treated as read-only by handlers. */
export type NotifierMessage = JsonValue;

/** Receives a message and the channel it was published on. Errors it throws are reported, not propagated. */
export type NotifierHandler = (message: NotifierMessage, channel: string) => void | Promise<void>;

/** Stops a subscription; calling it twice is harmless. */
export type Unsubscribe = () => void;

/**
 * Fire-and-forget change notices ("read model X changed", "log grew"), never a source of truth:
 * a listener that misses one must be able to resync from the stores.
 * Channels are dot-separated tokens (`proj.webhookLogs.user-1`); patterns follow NATS subjects:
 * `*` matches exactly one token, a final `>` matches one or more trailing tokens.
 * Adapters deliver asynchronously, never inside the publisher's call, and stores publish only
 * after the related transaction committed.
 */
export interface Notifier {
  /** Publishes `message` to every current subscriber whose channel or pattern matches. */
  publish(channel: string, message: NotifierMessage): void;
  /** Subscribes to a channel or a pattern. */
  subscribe(channelOrPattern: string, handler: NotifierHandler): Unsubscribe;
}
