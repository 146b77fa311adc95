import { followChain } from '@hyperhook/eventsourcing';
import { replayAll } from '@hyperhook/projector';
import {
  copyEventLog,
  createInProcessNotifier,
  openSqliteStore,
  readSqliteCheckpoints,
  readSqliteKeys,
  type GlobalPosition,
  type StorePorts,
} from '@hyperhook/store';
import { mongoDatabaseOf, openKurrentCopyTarget, openKurrentMongoStore } from '@hyperhook/store/kurrentmongo';
import type { Config } from './config.js';
import { describeServerUrl } from './describeServerUrl.js';
import { existingStoreFileOf, masterKeyNotice, throttled } from './migrationSupport.js';
import { say } from './say.js';

/**
 * `hyperhook migrate --to kurrentdb://…` (with MONGODB_URL): copies the embedded store's log into
 * KurrentDB (HYPERHOOK_KURRENTDB_NAMESPACE, if set), its wrapped data keys and consumers'
 * checkpoints into MongoDB, then rebuilds every read model there by replay.
 *
 * KurrentDB numbers positions itself, so unlike the PostgreSQL copy the positions change: every
 * event keeps its id, stream, version, order, data, metadata and first recording time, and each
 * checkpoint is moved to the KurrentDB position of the event it pointed at (copyEventLog reads
 * both logs back side by side to check the copy and find those). A failed copy leaves a partial
 * log that KurrentDB cannot truly delete: migrate again into a fresh namespace.
 */
export async function migrateToKurrent(config: Config, url: string): Promise<void> {
  const mongoUrl = config.MONGODB_URL;
  if (mongoUrl === undefined)
    throw new Error('migrate --to kurrentdb://… needs MONGODB_URL: the read models, checkpoints and data keys go to MongoDB (a replica set)');
  const namespace = config.HYPERHOOK_KURRENTDB_NAMESPACE;
  const database = mongoDatabaseOf(mongoUrl) ?? 'hyperhook';
  const target = `KurrentDB at ${describeServerUrl(url)}${namespace === undefined ? '' : ` (streams ${namespace}:…)`} with MongoDB database ${database} at ${describeServerUrl(mongoUrl)}`;
  const file = existingStoreFileOf(config);
  const started = Date.now();

  const keys = readSqliteKeys(file);
  // The read models' own (`<projector>@g<generation>`) are not carried over: replay rebuilds them.
  const checkpoints = readSqliteCheckpoints(file).filter((checkpoint) => !/@g\d+$/.test(checkpoint.name));
  const source = await openSqliteStore({ file, writerThread: false, backgroundCheckpoints: false });
  try {
    const store = await openKurrentMongoStore({
      kurrentUrl: url,
      mongoUrl,
      database,
      notifier: createInProcessNotifier(),
      ...(namespace === undefined ? {} : { streamNamespace: namespace }),
    }).catch((error: unknown) => {
      throw new Error(`cannot open ${target}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
    try {
      await refuseHeldKeysOrCheckpoints(store, keys, checkpoints, target);
      say(`copying the event log of ${file} into ${target}`);
      const copyProgress = throttled((events: number, position: GlobalPosition) => say(`copied ${events} events (position ${position})`));
      const copier = openKurrentCopyTarget({ url, ...(namespace === undefined ? {} : { streamNamespace: namespace }) });
      const copied = await copyEventLog({
        source: source.eventStore,
        target: copier,
        positionsToMap: checkpoints.map((checkpoint) => checkpoint.position),
        onProgress: ({ events, position }) => copyProgress(events, position),
      })
        .catch((error: unknown) => {
          throw new Error(
            `cannot copy into ${target}: ${error instanceof Error ? error.message : String(error)}; migrate again into an empty namespace (HYPERHOOK_KURRENTDB_NAMESPACE) and MongoDB database`,
            { cause: error },
          );
        })
        .finally(() => copier.close());
      for (const key of keys) await store.keyStore.put(key.keyId, key.wrappedKey);
      for (const checkpoint of checkpoints) {
        const position = copied.mapped.get(checkpoint.position);
        if (position === undefined) throw new Error(`checkpoint ${checkpoint.name} at ${checkpoint.position} has no place in the copied log`);
        await store.checkpoints.set(checkpoint.name, position);
      }
      say(
        `copied ${copied.events} events (KurrentDB position ${copied.targetPosition}), ${keys.length} data keys and ${checkpoints.length} checkpoints; rebuilding the read models`,
      );

      const replayProgress = throttled((position: GlobalPosition) => say(`read models rebuilt up to position ${position} of ${copied.targetPosition}`));
      const replay = await replayAll({ store, onProgress: replayProgress });
      const targetHead = await store.eventStore.headPosition();
      if (targetHead !== copied.targetPosition || replay.position !== targetHead) {
        throw new Error(
          `the copy does not match: ${target} ends at ${targetHead}, the copy at ${copied.targetPosition}, the read models at ${replay.position}; was something else writing to it?`,
        );
      }
      const chain = await chainTheCopy(store, source, target);
      const seconds = Math.round((Date.now() - started) / 10) / 100;
      say(`read models rebuilt into generation ${replay.generation}; ${file} is left as it was`);
      say(masterKeyNotice(config, 'KurrentDB + MongoDB'));
      say(
        `next: start hyperhook with KURRENTDB_URL and MONGODB_URL${namespace === undefined ? '' : ` and HYPERHOOK_KURRENTDB_NAMESPACE=${namespace}`} (${target})`,
      );
      console.log(
        JSON.stringify({
          msg: 'migrated',
          events: copied.events,
          position: targetHead,
          sourcePosition: copied.sourcePosition,
          keys: keys.length,
          checkpoints: checkpoints.length,
          readModelsGeneration: replay.generation,
          chainHead: chain,
          seconds,
        }),
      );
    } finally {
      await store.close();
    }
  } finally {
    await source.close();
  }
}

/**
 * Links the copied log (the chain follower, as the projector's role runs it, to the head) and
 * checks its last hash is the source's: positions are not hashed, so a faithful copy carries the
 * chain over unchanged, and any event the copy altered would show here.
 */
async function chainTheCopy(store: StorePorts, source: StorePorts, target: string): Promise<string | null> {
  const sourceHead = (await source.chain?.head()) ?? null;
  let failed: (error: unknown) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  // A migration stops at the first failure rather than retry: the operator runs it again.
  if (store.chainLinks === undefined) return null;
  const following = followChain({ eventStore: store.eventStore, links: store.chainLinks, onError: (error) => failed(error) });
  try {
    await Promise.race([following.caughtUp, failure]);
  } catch (error) {
    throw new Error(`cannot chain the copy in ${target}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    await following.stop();
  }
  const targetHead = (await store.chain?.head()) ?? null;
  if (sourceHead?.hash !== targetHead?.hash)
    throw new Error(
      `the copy's hash chain ends at ${targetHead?.hash ?? 'nothing'}, the source's at ${sourceHead?.hash ?? 'nothing'}: ${target} does not hold the same events`,
    );
  say(`hash chain carried over: head ${targetHead?.hash ?? 'none (empty log)'}`);
  return targetHead?.hash ?? null;
}

/** The MongoDB side must be as empty as the KurrentDB side: a key or checkpoint already there belongs to another store. */
async function refuseHeldKeysOrCheckpoints(
  store: StorePorts,
  keys: readonly { keyId: string }[],
  checkpoints: readonly { name: string }[],
  target: string,
): Promise<void> {
  for (const key of keys) {
    if ((await store.keyStore.get(key.keyId)) !== undefined)
      throw new Error(`${target} already holds data key ${key.keyId}: the log can only be copied into an empty store`);
  }
  for (const checkpoint of checkpoints) {
    if ((await store.checkpoints.get(checkpoint.name)) !== undefined)
      throw new Error(`${target} already holds checkpoint ${checkpoint.name}: the log can only be copied into an empty store`);
  }
}
