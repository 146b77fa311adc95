import { BroadcastChannel } from 'node:worker_threads';
import { assertNonEmptyString } from '../guards/assertions.js';
import type { Notifier, NotifierMessage } from '../ports/Notifier.js';
import { createInProcessNotifier, type InProcessNotifierOptions } from './createInProcessNotifier.js';

/** A notifier that reaches every thread of the process; `close` leaves the channel. */
export type ThreadNotifier = Notifier & {
  /**
   * The BroadcastChannel it listens on: a thread without a notifier of its own (the store's
   * writer) posts a {@link ThreadCrossing} there to reach every thread's subscribers at once.
   */
  readonly broadcastChannel: string;
  close(): void;
};

/** What crosses between threads: one publication. */
export type ThreadCrossing = { readonly channel: string; readonly message: NotifierMessage };

/** Whether `notifier` is a thread notifier (and so has a channel other threads can post to). */
export function isThreadNotifier(notifier: Notifier): notifier is ThreadNotifier {
  return typeof (notifier as Partial<ThreadNotifier>).broadcastChannel === 'string';
}

/** The BroadcastChannel name of the thread notifiers called `name`. */
export function threadNotifierChannel(name: string): string {
  return `hyperhook.notifier:${name}`;
}

/**
 * The notifier of one process whose roles run on several threads (`hyperhook start`): a
 * publication is delivered to this thread's subscribers, as the in-process notifier does, and
 * posted on a BroadcastChannel to the notifiers of the same `name` on every other thread. Name it
 * after the store file, so two stores in one process (tests) never hear each other.
 *
 * The channel is unreferenced: listening never keeps a thread alive.
 */
export function createThreadNotifier(name: string, options: InProcessNotifierOptions = {}): ThreadNotifier {
  assertNonEmptyString(name, 'name');
  const local = createInProcessNotifier(options);
  const broadcastChannel = threadNotifierChannel(name);
  const channel = new BroadcastChannel(broadcastChannel);
  channel.unref();
  let closed = false;
  channel.onmessage = (event) => {
    const { channel: published, message } = (event as { data: ThreadCrossing }).data;
    local.publish(published, message);
  };

  return {
    broadcastChannel,
    publish(published, message) {
      local.publish(published, message);
      if (!closed) channel.postMessage({ channel: published, message } satisfies ThreadCrossing);
    },
    subscribe: (channelOrPattern, handler) => local.subscribe(channelOrPattern, handler),
    close() {
      if (closed) return;
      closed = true;
      channel.close();
    },
  };
}
