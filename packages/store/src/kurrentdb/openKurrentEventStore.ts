import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import { prepareAppendCommands } from '../guards/prepareAppendCommands.js';
import type { AppendResult, EventStore } from '../ports/EventStore.js';
import { EVENTS_APPENDED_CHANNEL, type EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import type { Notifier } from '../ports/Notifier.js';
import type { CatchUpSource } from '../subscription/startCatchUpSubscription.js';
import { trackSubscriptions } from '../subscription/trackSubscriptions.js';
import { appendKurrentStream, appendKurrentStreams } from './kurrentAppend.js';
import { readKurrentAll, readKurrentHead } from './kurrentReadAll.js';
import { readKurrentStream } from './kurrentReadStream.js';
import { findRepeatedKurrentAppend } from './kurrentRepeatedAppend.js';
import { kurrentStreamNames } from './kurrentStreamNames.js';

/** Options of openKurrentEventStore. */
export type KurrentEventStoreOptions = {
  /** Connection string, e.g. `kurrentdb://localhost:2113?tls=false`. */
  readonly url: string;
  /** Where appends are announced (EVENTS_APPENDED_CHANNEL) and subscriptions wake: NATS in a cluster. */
  readonly notifier: Notifier;
  /** While idle, how often subscriptions poll the head, for appends no notice announced (default 250 ms). */
  readonly pollIntervalMs?: number;
  /**
   * Isolates this store inside a shared KurrentDB (for contract tests, or one tenant per
   * namespace): stream `order-1` is stored as `<namespace>:order-1`, and reads, the head and
   * subscriptions see only this namespace's streams. Letters, digits, `_` and `-`.
   */
  readonly streamNamespace?: string;
  /** How many recent events are searched for reused event ids (see findRepeatedKurrentAppend; default 1000). */
  readonly idLookupWindow?: number;
};

/** The event store and its shutdown. */
export type KurrentEventStore = {
  readonly eventStore: EventStore;
  /** Stops subscriptions, then closes the connection. */
  close(): Promise<void>;
};

/**
 * EventStore on KurrentDB. `recordedAt` is the server's `created` time of each event (the
 * server stamps it; there is no clock option). Subscriptions are the shared catch-up
 * subscription (startCatchUpSubscription) over this adapter's readAll and head, woken by the
 * notifier and by polling, rather than the client's subscribeToAll: that gives exactly the
 * batching, filtering, checkpoint and caught-up semantics the other adapters have.
 */
export function openKurrentEventStore(options: KurrentEventStoreOptions): KurrentEventStore {
  assertNonEmptyString(options.url, 'url');
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const window = options.idLookupWindow ?? 1000;
  assertInteger(pollIntervalMs, 'pollIntervalMs', 1);
  assertInteger(window, 'idLookupWindow', 1);
  const names = kurrentStreamNames(options.streamNamespace);
  const client = KurrentDBClient.connectionString(options.url);
  const { notifier } = options;

  const announce = (results: readonly AppendResult[]) => {
    const position = Math.max(...results.map((result) => result.lastPosition));
    const message: EventsAppendedMessage = { position };
    notifier.publish(EVENTS_APPENDED_CHANNEL, message);
  };

  const source: CatchUpSource = {
    readAll: (readOptions) => readKurrentAll(client, names, readOptions),
    headPosition: () => readKurrentHead(client, names),
    onAppended: (listener) => notifier.subscribe(EVENTS_APPENDED_CHANNEL, () => listener(undefined)),
    pollIntervalMs,
  };
  const subscriptions = trackSubscriptions(source);

  const eventStore: EventStore = {
    async append(streamId, events, appendOptions = {}) {
      const [command] = prepareAppendCommands([{ streamId, events, ...appendOptions }]);
      if (!command) throw new RangeError('append needs a request');
      const repeated = await findRepeatedKurrentAppend(client, names, command, window);
      if (repeated) return repeated;
      const result = await appendKurrentStream(client, names, command);
      announce([result]);
      return result;
    },
    async appendMultiStream(requests) {
      const commands = prepareAppendCommands(requests);
      // A retried multi-stream append finds each of its requests already stored; the requests
      // that are not repeats (normally all of them) are written together, atomically.
      const repeated = await Promise.all(commands.map((command) => findRepeatedKurrentAppend(client, names, command, window)));
      const pending = commands.filter((_, i) => repeated[i] === undefined);
      const written = pending.length === 0 ? [] : await appendKurrentStreams(client, names, pending);
      if (written.length > 0) announce(written);
      let next = 0;
      return repeated.map((result) => result ?? (written[next++] as AppendResult));
    },
    readStream: (streamId, readOptions) => readKurrentStream(client, names, streamId, readOptions),
    readAll: (readOptions) => readKurrentAll(client, names, readOptions),
    headPosition: () => readKurrentHead(client, names),
    subscribeToAll: (subscribeOptions) => subscriptions.subscribe(subscribeOptions),
  };

  return {
    eventStore,
    async close() {
      await subscriptions.stopAll();
      await client.dispose();
    },
  };
}
