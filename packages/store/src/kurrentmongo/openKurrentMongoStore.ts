import { createFollowedEventChain } from '../chain/followedEventChain.js';
import { openKurrentEventStore, type KurrentEventStore } from '../kurrentdb/openKurrentEventStore.js';
import { openMongoReadModels, type MongoReadModels } from '../mongodb/openMongoReadModels.js';
import type { Notifier } from '../ports/Notifier.js';
import type { StorePorts } from '../ports/StorePorts.js';

/** Options of openKurrentMongoStore. */
export type KurrentMongoStoreOptions = {
  /** The event log: a KurrentDB connection string (KURRENTDB_URL), e.g. `kurrentdb://host:2113?tls=false`. */
  readonly kurrentUrl: string;
  /** The read models, checkpoints and data keys: a MongoDB replica set (MONGODB_URL). */
  readonly mongoUrl: string;
  /** The MongoDB database, default the one named in the URL's path, else 'hyperhook'. */
  readonly database?: string;
  /** Carries append notices and read-model changes between the roles: NATS in a cluster. */
  readonly notifier: Notifier;
  /** Isolates this deployment's streams in a shared KurrentDB (see KurrentEventStoreOptions). */
  readonly streamNamespace?: string;
  /** While idle, how often subscriptions poll KurrentDB for appends no notice announced. */
  readonly pollIntervalMs?: number;
};

/** The KurrentDB + MongoDB deployment's ports. */
export type KurrentMongoStore = StorePorts & { readonly backend: 'kurrentdb+mongodb'; readonly database: string };

/**
 * Every port on the design card's cluster backend: the event log in KurrentDB, everything derived
 * (read models with their checkpoints, and the data keys, which must be destroyable) in MongoDB.
 * Opening checks both servers answer, so a role never starts on a store it cannot reach: MongoDB
 * is connected and its schema made; KurrentDB, whose client connects lazily, is asked its head.
 */
export async function openKurrentMongoStore(options: KurrentMongoStoreOptions): Promise<KurrentMongoStore> {
  const database = options.database ?? mongoDatabaseOf(options.mongoUrl) ?? 'hyperhook';
  let readModels: MongoReadModels;
  try {
    readModels = await openMongoReadModels({ url: options.mongoUrl, database, notifier: options.notifier });
  } catch (error) {
    throw new Error(`cannot open the MongoDB read models (MONGODB_URL): ${messageOf(error)}`, { cause: error });
  }
  let log: KurrentEventStore | undefined;
  try {
    log = openKurrentEventStore({
      url: options.kurrentUrl,
      notifier: options.notifier,
      ...(options.streamNamespace === undefined ? {} : { streamNamespace: options.streamNamespace }),
      ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
    });
    await log.eventStore.headPosition();
  } catch (error) {
    await log?.close().catch(() => undefined);
    await readModels.close();
    throw new Error(`cannot reach KurrentDB (KURRENTDB_URL): ${messageOf(error)}`, { cause: error });
  }
  const eventLog = log;
  let closing: Promise<void> | undefined;
  return {
    backend: 'kurrentdb+mongodb',
    database,
    eventStore: eventLog.eventStore,
    readStore: readModels.readStore,
    checkpoints: readModels.checkpoints,
    unitOfWork: readModels.unitOfWork,
    keyStore: readModels.keyStore,
    notifier: options.notifier,
    // The chain is kept beside the log, by a follower the projector's role runs (docs/design/event-hash-chain.md).
    chain: createFollowedEventChain(eventLog.eventStore, readModels.chainLinks),
    chainLinks: readModels.chainLinks,
    close() {
      // Subscriptions stop first: a batch they are still applying needs the read models open.
      closing ??= eventLog.close().finally(() => readModels.close());
      return closing;
    },
  };
}

/**
 * The database named in a MongoDB URL's path (`mongodb://h1,h2/hyperhook?replicaSet=rs0`), if any.
 * Not WHATWG URL parsing: a seed list of several hosts is no valid URL host.
 */
export function mongoDatabaseOf(url: string): string | undefined {
  const path = /^mongodb(?:\+srv)?:\/\/[^/?#]*\/([^?#]*)/i.exec(url)?.[1];
  return path === undefined || path === '' ? undefined : decodeURIComponent(path);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
