import { parseStreamId, streamPrefix } from '@hyperhook/domain';
import type { EventStore, SubscriptionBatch } from '@hyperhook/store';
import type { ExecutorLog } from './executorLog.js';
import { ownsUser, type Partition } from './partition.js';

/** A running listener. */
export interface SyncListener {
  stop(): Promise<void>;
}

/**
 * Forgets a user's tracked account when they sync positions (the Positions tab, through the api):
 * a trader syncs because the account changed outside hyperhook, so their next alert plans on a
 * fresh read rather than on the tracked state. Only syncs from now on matter, so it listens from
 * the head of the log and keeps no checkpoint.
 */
export async function startSyncListener(options: {
  readonly eventStore: EventStore;
  readonly partition: Partition | undefined;
  readonly forget: (uid: string) => void;
  readonly log: ExecutorLog;
}): Promise<SyncListener> {
  const { eventStore, partition, forget, log } = options;
  const subscription = eventStore.subscribeToAll({
    fromPosition: await eventStore.headPosition(),
    filter: { streamPrefix: streamPrefix('account'), types: ['PositionsSnapshotTaken'] },
    maxBatchSize: 500,
    onBatch: async (batch: SubscriptionBatch) => {
      for (const event of batch.events) {
        const stream = parseStreamId(event.streamId);
        if (stream?.category !== 'account' || (event.data as { source?: unknown }).source !== 'sync') continue;
        if (!ownsUser(stream.id, partition)) continue;
        forget(stream.id);
        log({ level: 'info', msg: 'tracked account forgotten after a sync', userId: stream.id });
      }
    },
  });
  subscription.done.catch((error: unknown) => log({ level: 'error', msg: 'sync listener stopped', error: error instanceof Error ? error.message : String(error) }));
  return { stop: () => subscription.stop() };
}
