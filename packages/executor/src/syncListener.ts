import { parseStreamId, streamPrefix, type BalanceSnapshotTaken, type PositionsSnapshotTaken } from '@hyperhook/domain';
import { followLog } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';
import type { ExecutorLog } from './executorLog.js';
import { ownsUser, type Partition } from './partition.js';

/** A running listener. */
export interface SyncListener {
  stop(): Promise<void>;
}

/** The two events of one account read, as the api records them. */
export interface RecordedSnapshot {
  readonly positions: PositionsSnapshotTaken['data'];
  readonly balance: BalanceSnapshotTaken['data'];
}

/**
 * Watches the account reads the api records, following the log from its head (only what happens
 * from now on matters, so no checkpoint):
 * - a sync (the Positions tab) forgets the user's tracked account: a trader syncs because the
 *   account changed outside hyperhook, so their next alert plans on a fresh read;
 * - the first look at the account when keys are saved is handed to `adopt`, so the trader's first
 *   alert plans on it instead of reading the venue again (if it is young enough for its sizing).
 */
export async function startSyncListener(options: {
  readonly eventStore: EventStore;
  readonly partition: Partition | undefined;
  readonly forget: (uid: string) => void;
  readonly adopt: (uid: string, snapshot: RecordedSnapshot) => Promise<void>;
  readonly log: ExecutorLog;
}): Promise<SyncListener> {
  const { eventStore, partition, forget, adopt, log } = options;
  // A key save's positions wait here for the balance appended with them.
  const keyPositions = new Map<string, PositionsSnapshotTaken['data']>();
  const follower = followLog({
    eventStore,
    startAt: 'head',
    filter: { streamPrefix: streamPrefix('account'), types: ['PositionsSnapshotTaken', 'BalanceSnapshotTaken'] },
    batchSize: 500,
    handle: async (batch) => {
      for (const event of batch.events) {
        const stream = parseStreamId(event.streamId);
        if (stream?.category !== 'account' || !ownsUser(stream.id, partition)) continue;
        const uid = stream.id;
        if (event.type === 'PositionsSnapshotTaken') {
          const data = event.data as PositionsSnapshotTaken['data'];
          if (data.source === 'keys') keyPositions.set(uid, data);
          if (data.source !== 'sync') continue;
          forget(uid);
          log({ level: 'info', msg: 'tracked account forgotten after a sync', userId: uid });
          continue;
        }
        const positions = keyPositions.get(uid);
        if (positions === undefined) continue;
        keyPositions.delete(uid);
        await adopt(uid, { positions, balance: event.data as BalanceSnapshotTaken['data'] });
      }
    },
    onError: (error) => log({ level: 'error', msg: 'sync listener stopped', error: error instanceof Error ? error.message : String(error) }),
  });
  await follower.started;
  return { stop: () => follower.stop() };
}
