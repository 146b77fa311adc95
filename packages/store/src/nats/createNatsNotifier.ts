import { connect, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import type { Notifier, NotifierHandler, NotifierMessage } from '../ports/Notifier.js';
import { assertSubjectPrefix, channelOfSubject, subjectOfChannel } from './natsSubjects.js';

/** Options of createNatsNotifier. */
export type NatsNotifierOptions = {
  /** NATS server URL(s), e.g. `nats://127.0.0.1:4222`. */
  readonly servers: string | string[];
  /** Connection name shown by the server (`hyperhook-api`, …). */
  readonly name?: string;
  /** Prepended to every channel, default 'hyperhook': channel `user.u-1` travels on `hyperhook.user.u-1`. */
  readonly subjectPrefix?: string;
  /** Where handler failures go (default: console.error); a failing handler never affects others. */
  readonly onHandlerError?: (error: unknown, channel: string) => void;
  /**
   * Where transport trouble goes (default: console.error): a publish the client refused, a
   * message that was not JSON, a subscription error. Notices are best-effort, so none of these throw.
   */
  readonly onError?: (error: unknown, context: string) => void;
  /** Passed to the NATS client; default -1 (keep reconnecting: notices resume once the server is back). */
  readonly maxReconnectAttempts?: number;
};

/** A Notifier on core NATS, plus the connection's lifecycle. */
export interface NatsNotifier extends Notifier {
  /** Resolves once the server has processed every subscribe and publish sent so far. */
  flush(): Promise<void>;
  /** Drops every subscription and closes the connection; calling it again is harmless. */
  close(): Promise<void>;
}

/**
 * The cluster-mode Notifier (ARCHITECTURE §9): core NATS publish/subscribe, so a
 * projector's read-model notices reach every api instance and an append in one process wakes the
 * catch-up subscriptions of all others. At-most-once like the port says: nothing is stored, a
 * listener that misses a notice resyncs from the stores.
 *
 * Messages travel as JSON on `<subjectPrefix>.<channel>`; channel patterns are NATS subject
 * patterns already, so each subscription is one NATS subscription on the prefixed pattern.
 * Invalid channels (empty tokens, whitespace, misplaced wildcards) throw a TypeError at the call.
 */
export async function createNatsNotifier(options: NatsNotifierOptions): Promise<NatsNotifier> {
  const prefix = options.subjectPrefix ?? 'hyperhook';
  assertSubjectPrefix(prefix);
  const onHandlerError = options.onHandlerError ?? ((error, channel) => console.error(`notifier handler for "${channel}" failed`, error));
  const onError = options.onError ?? ((error, context) => console.error(`nats notifier: ${context}`, error));
  const nc: NatsConnection = await connect({
    servers: options.servers,
    maxReconnectAttempts: options.maxReconnectAttempts ?? -1,
    ...(options.name !== undefined ? { name: options.name } : {}),
  });
  const subscriptions = new Set<Subscription>();
  let closing: Promise<void> | undefined;

  const deliver = (handler: NotifierHandler, msg: Msg): void => {
    const channel = channelOfSubject(prefix, msg.subject);
    if (channel === undefined) return;
    let message: NotifierMessage;
    try {
      message = msg.json<NotifierMessage>();
    } catch (error) {
      onError(error, `message on "${msg.subject}" is not JSON; dropped`);
      return;
    }
    try {
      const result = handler(message, channel);
      if (result instanceof Promise) result.catch((error: unknown) => onHandlerError(error, channel));
    } catch (error) {
      onHandlerError(error, channel);
    }
  };

  return {
    publish(channel, message) {
      const subject = subjectOfChannel(prefix, channel, false);
      const payload = JSON.stringify(message);
      try {
        nc.publish(subject, payload);
      } catch (error) {
        // Closed connection, payload over the server's limit: a lost notice, never a failed write.
        onError(error, `publish on "${subject}" failed`);
      }
    },

    subscribe(channelOrPattern, handler) {
      const subject = subjectOfChannel(prefix, channelOrPattern, true);
      let active = true;
      const subscription = nc.subscribe(subject, {
        callback: (error, msg) => {
          if (error !== null) return onError(error, `subscription to "${subject}" failed`);
          if (active) deliver(handler, msg);
        },
      });
      subscriptions.add(subscription);
      return () => {
        if (!active) return;
        active = false;
        subscriptions.delete(subscription);
        if (!nc.isClosed()) subscription.unsubscribe();
      };
    },

    flush() {
      return nc.flush();
    },

    close() {
      closing ??= (async () => {
        subscriptions.clear();
        if (!nc.isClosed()) await nc.close();
      })();
      return closing;
    },
  };
}
