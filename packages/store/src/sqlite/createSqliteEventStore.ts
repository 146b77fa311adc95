import { prepareAppendCommands } from '../guards/prepareAppendCommands.js';
import type { AppendResult, EventStore } from '../ports/EventStore.js';
import { EVENTS_APPENDED_CHANNEL, type EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import type { Notifier } from '../ports/Notifier.js';
import type { Subscription } from '../ports/Subscription.js';
import { startCatchUpSubscription, type CatchUpSource } from '../subscription/startCatchUpSubscription.js';
import { prepareAppendToStream } from './appendToStream.js';
import { createGroupCommitter } from './groupCommit.js';
import { prepareHeadPosition } from './headPosition.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { prepareReadAll } from './readAll.js';
import { prepareReadStream } from './readStream.js';

/** Dependencies of the SQLite event store. */
export type SqliteEventStoreOptions = {
  readonly notifier: Notifier;
  readonly clock: () => number;
  readonly pollIntervalMs: number;
  /** The connection's busy timeout: also how long an append waits for another writer's lock. */
  readonly busyTimeoutMs: number;
};

/** The event store plus the shutdown hook openSqliteStore needs. */
export type SqliteEventStore = {
  readonly eventStore: EventStore;
  /** Stops subscriptions, then commits queued appends. */
  close(): Promise<void>;
};

/**
 * EventStore on the shared connection. Appends go through the group committer; after each
 * commit the notifier announces the new head on EVENTS_APPENDED_CHANNEL, which wakes this
 * process's subscriptions at once (other processes notice by polling the head).
 */
export function createSqliteEventStore(db: SqliteDatabase, options: SqliteEventStoreOptions): SqliteEventStore {
  const { notifier } = options;
  const readStream = prepareReadStream(db);
  const readAll = prepareReadAll(db);
  const headPosition = prepareHeadPosition(db);
  const announce = (position: number): void => {
    const message: EventsAppendedMessage = { position };
    notifier.publish(EVENTS_APPENDED_CHANNEL, message);
  };
  const committer = createGroupCommitter(db, prepareAppendToStream(db, options.clock), announce, { busyTimeoutMs: options.busyTimeoutMs });
  const subscriptions = new Set<Subscription>();

  const source: CatchUpSource = {
    readAll: async (readOptions) => readAll(readOptions),
    headPosition: async () => headPosition(),
    onAppended: (listener) => notifier.subscribe(EVENTS_APPENDED_CHANNEL, () => listener()),
    pollIntervalMs: options.pollIntervalMs,
  };

  const eventStore: EventStore = {
    async append(streamId, events, appendOptions = {}) {
      const [result] = await committer.submit(prepareAppendCommands([{ streamId, events, ...appendOptions }]));
      return result as AppendResult;
    },
    async appendMultiStream(requests) {
      return committer.submit(prepareAppendCommands(requests));
    },
    async readStream(streamId, readOptions) {
      return readStream(streamId, readOptions);
    },
    async readAll(readOptions) {
      return readAll(readOptions);
    },
    async headPosition() {
      return headPosition();
    },
    subscribeToAll(subscribeOptions) {
      const subscription = startCatchUpSubscription(source, subscribeOptions);
      subscriptions.add(subscription);
      const forget = () => subscriptions.delete(subscription);
      subscription.done.then(forget, forget);
      return subscription;
    },
  };

  return {
    eventStore,
    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      committer.close();
    },
  };
}
