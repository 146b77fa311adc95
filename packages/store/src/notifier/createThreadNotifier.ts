import { BroadcastChannel } from 'node:worker_threads';
import { assertNonEmptyString } from '../guards/assertions.js';
import type { Notifier, NotifierMessage } from '../ports/Notifier.js';
import { createInProcessNotifier, type InProcessNotifierOptions } from './createInProcessNotifier.js';

/** A notifier that reaches every thread of the process; `close` leaves the channel. */
export type ThreadNotifier = Notifier & { close(): void };

/** What crosses between threads: one publication. */
type Crossing = { readonly channel: string; readonly message: NotifierMessage };

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
  const channel = new BroadcastChannel(`hyperhook.notifier:${name}`);
  channel.unref();
  let closed = false;
  channel.onmessage = (event) => {
    const { channel: published, message } = (event as { data: Crossing }).data;
    local.publish(published, message);
  };

  return {
    publish(published, message) {
      local.publish(published, message);
      if (!closed) channel.postMessage({ channel: published, message } satisfies Crossing);
    },
    subscribe: (channelOrPattern, handler) => local.subscribe(channelOrPattern, handler),
    close() {
      if (closed) return;
      closed = true;
      channel.close();
    },
  };
}
