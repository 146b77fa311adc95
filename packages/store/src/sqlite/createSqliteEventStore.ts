import { prepareAppendCommands } from '../guards/prepareAppendCommands.js';
import type { AppendResult, EventStore } from '../ports/EventStore.js';
import { EVENTS_APPENDED_CHANNEL } from '../ports/eventsAppendedChannel.js';
import type { Notifier } from '../ports/Notifier.js';
import type { Subscription } from '../ports/Subscription.js';
import { startCatchUpSubscription, type CatchUpSource } from '../subscription/startCatchUpSubscription.js';
import { prepareHeadPosition } from './headPosition.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { prepareReadAll } from './readAll.js';
import { prepareReadStream } from './readStream.js';
import type { SqliteWriter } from './writeOperations.js';

/** Dependencies of the SQLite event store. */
export type SqliteEventStoreOptions = {
  /** Commits the appends; it announces each committed group's last position on EVENTS_APPENDED_CHANNEL. */
  readonly writer: SqliteWriter;
  readonly notifier: Notifier;
  readonly clock: () => number;
  readonly pollIntervalMs: number;
};

/** The event store plus the shutdown hook openSqliteStore needs. */
export type SqliteEventStore = {
  readonly eventStore: EventStore;
  /** Stops subscriptions (the store then closes the writer, which commits queued appends). */
  close(): Promise<void>;
};

/**
 * EventStore on the store file: reads on this thread's connection, appends through the writer
 * (group commit). After each commit the writer's announcement of the new head on
 * EVENTS_APPENDED_CHANNEL wakes this process's subscriptions at once (other processes notice by
 * polling the head).
 */
export function createSqliteEventStore(db: SqliteDatabase, options: SqliteEventStoreOptions): SqliteEventStore {
  const { notifier, writer } = options;
  const readStream = prepareReadStream(db);
  const readAll = prepareReadAll(db);
  const headPosition = prepareHeadPosition(db);
  const subscriptions = new Set<Subscription>();

  const source: CatchUpSource = {
    readAll: async (readOptions) => readAll(readOptions),
    headPosition: async () => headPosition(),
    onAppended: (listener) => notifier.subscribe(EVENTS_APPENDED_CHANNEL, () => listener()),
    pollIntervalMs: options.pollIntervalMs,
  };

  const eventStore: EventStore = {
    async append(streamId, events, appendOptions = {}) {
      const commands = prepareAppendCommands([{ streamId, events, ...appendOptions }]);
      const [result] = await writer.submit({ kind: 'append', commands, recordedAt: options.clock() });
      return result as AppendResult;
    },
    async appendMultiStream(requests) {
      const commands = prepareAppendCommands(requests);
      return writer.submit({ kind: 'append', commands, recordedAt: options.clock() });
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
    },
  };
}
