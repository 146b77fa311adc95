import { prepareAppendCommands } from '../guards/prepareAppendCommands.js';
import type { AppendResult, EventStore } from '../ports/EventStore.js';
import { EVENTS_APPENDED_CHANNEL, readAppendedNotice } from '../ports/eventsAppendedChannel.js';
import type { Notifier } from '../ports/Notifier.js';
import type { CatchUpSource } from '../subscription/startCatchUpSubscription.js';
import { trackSubscriptions } from '../subscription/trackSubscriptions.js';
import type { StoreWriter } from './writeOperations.js';

/** The reads of an adapter's event log. */
export type EventLogReads = Pick<EventStore, 'readStream' | 'readAll' | 'headPosition'>;

/** Dependencies of an event store whose appends go through a StoreWriter. */
export type WriterEventStoreOptions = {
  /** Commits the appends; the store announces each committed group's last position on EVENTS_APPENDED_CHANNEL. */
  readonly writer: StoreWriter;
  readonly notifier: Notifier;
  readonly clock: () => number;
  /** While idle, how often subscriptions poll the head: the wake-up for appends no notice announced here. */
  readonly pollIntervalMs: number;
};

/** The event store plus the shutdown hook its store needs. */
export type WriterEventStore = {
  readonly eventStore: EventStore;
  /** Stops subscriptions (the store then closes the writer, which commits queued appends). */
  close(): Promise<void>;
};

/**
 * EventStore from an adapter's reads and its writer (SQLite or PostgreSQL group commit):
 * appends are validated here and committed by the writer; catch-up subscriptions wake on the
 * notifier's append notices and poll the head besides.
 */
export function createWriterEventStore(reads: EventLogReads, options: WriterEventStoreOptions): WriterEventStore {
  const { notifier, writer } = options;
  const source: CatchUpSource = {
    readAll: (readOptions) => reads.readAll(readOptions),
    headPosition: () => reads.headPosition(),
    onAppended: (listener) => notifier.subscribe(EVENTS_APPENDED_CHANNEL, (message) => listener(readAppendedNotice(message))),
    pollIntervalMs: options.pollIntervalMs,
  };
  const subscriptions = trackSubscriptions(source);

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
    readStream: (streamId, readOptions) => reads.readStream(streamId, readOptions),
    readAll: (readOptions) => reads.readAll(readOptions),
    headPosition: () => reads.headPosition(),
    subscribeToAll: (subscribeOptions) => subscriptions.subscribe(subscribeOptions),
  };

  return {
    eventStore,
    async close() {
      await subscriptions.stopAll();
    },
  };
}
