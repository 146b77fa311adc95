import { EventEmitter } from 'node:events';
import { assertNonEmptyString } from '../guards/assertions.js';
import type { Notifier, NotifierHandler, NotifierMessage } from '../ports/Notifier.js';
import { isChannelPattern, matchChannel } from './matchChannel.js';

/** Options of createInProcessNotifier. */
export type InProcessNotifierOptions = {
  /** Where handler failures go (default: console.error); a failing handler never affects others. */
  readonly onHandlerError?: (error: unknown, channel: string) => void;
};

/**
 * The embedded-mode Notifier: an EventEmitter for exact channels plus a list of wildcard
 * subscriptions. Delivery is deferred to a microtask so a handler never runs inside the
 * publisher's call stack (and so never inside the transaction that caused the notice).
 */
export function createInProcessNotifier(options: InProcessNotifierOptions = {}): Notifier {
  const onHandlerError = options.onHandlerError ?? ((error, channel) => console.error(`notifier handler for "${channel}" failed`, error));
  const exact = new EventEmitter();
  exact.setMaxListeners(0); // every catch-up subscription listens; the default cap of 10 would only warn
  const patterns = new Set<{ readonly pattern: string; readonly handler: NotifierHandler }>();

  const invoke = (handler: NotifierHandler, message: NotifierMessage, channel: string): void => {
    try {
      const result = handler(message, channel);
      if (result instanceof Promise) result.catch((error: unknown) => onHandlerError(error, channel));
    } catch (error) {
      onHandlerError(error, channel);
    }
  };

  return {
    publish(channel, message) {
      assertNonEmptyString(channel, 'channel');
      queueMicrotask(() => {
        exact.emit(channel, message, channel);
        for (const entry of [...patterns]) {
          if (matchChannel(entry.pattern, channel)) invoke(entry.handler, message, channel);
        }
      });
    },

    subscribe(channelOrPattern, handler) {
      assertNonEmptyString(channelOrPattern, 'channel');
      let active = true;
      if (isChannelPattern(channelOrPattern)) {
        const entry = { pattern: channelOrPattern, handler };
        patterns.add(entry);
        return () => {
          patterns.delete(entry);
        };
      }
      // Each subscription gets its own listener so the same handler can subscribe twice and unsubscribe once.
      const listener = (message: NotifierMessage, channel: string): void => {
        if (active) invoke(handler, message, channel);
      };
      exact.on(channelOrPattern, listener);
      return () => {
        active = false;
        exact.off(channelOrPattern, listener);
      };
    },
  };
}
