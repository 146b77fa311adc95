import type { ChainLinks } from '../ports/ChainLinks.js';
import { createMongoChainLinks } from './createMongoChainLinks.js';
import { MongoClient, type MongoClientOptions } from 'mongodb';
import { assertNonEmptyString } from '../guards/assertions.js';
import type { Checkpoints } from '../ports/Checkpoints.js';
import type { KeyStore } from '../ports/KeyStore.js';
import type { Notifier } from '../ports/Notifier.js';
import type { ReadStore } from '../ports/ReadStore.js';
import type { UnitOfWork } from '../ports/UnitOfWork.js';
import { DEFAULT_SORT_FIELDS } from '../sqlite/ensureSortIndexes.js';
import { createMongoCheckpoints } from './createMongoCheckpoints.js';
import { createMongoKeyStore } from './createMongoKeyStore.js';
import { createMongoReadStore } from './createMongoReadStore.js';
import { createMongoUnitOfWork } from './createMongoUnitOfWork.js';
import { ensureMongoSchema } from './ensureMongoSchema.js';
import { readModelCollections } from './mongoCollections.js';

/** Options of openMongoReadModels. */
export type MongoReadModelsOptions = {
  /** A replica set (or mongos) URL, e.g. `mongodb://localhost:27017/?replicaSet=rs0` (MONGODB_URL). */
  readonly url: string;
  /** The database holding this store, default 'hyperhook' (tests use one database each). */
  readonly database?: string;
  /** Where the unit of work publishes a batch's notifications after its commit (the cluster's NATS notifier). */
  readonly notifier: Notifier;
  /** Source of bookkeeping timestamps (checkpoints' updatedAt, keys' createdAt), default Date.now. */
  readonly clock?: () => number;
  /** Top-level data fields to index for per-user sorted queries, default receivedAt and updatedAt. */
  readonly sortFields?: readonly string[];
  /** Extra driver options (pool size, timeouts, TLS…). */
  readonly clientOptions?: MongoClientOptions;
};

/** The read-side ports of the KurrentDB + MongoDB deployment (the event store comes from the KurrentDB adapter). */
export interface MongoReadModels {
  readonly backend: 'mongodb';
  readonly database: string;
  readonly readStore: ReadStore;
  readonly checkpoints: Checkpoints;
  readonly unitOfWork: UnitOfWork;
  readonly keyStore: KeyStore;
  /** The log's hash chain links, which the chain follower writes (chain/followChain.ts). */
  readonly chainLinks: ChainLinks;
  /** The notifier given in the options, on which the unit of work publishes. */
  readonly notifier: Notifier;
  /** Closes the connection pool (operations in flight fail). Idempotent. */
  close(): Promise<void>;
}

/**
 * Opens the read models in one MongoDB database: connects, refuses a server without transactions
 * (a standalone mongod), creates the collections and indexes that are missing, and returns the
 * ports on one connection pool.
 */
export async function openMongoReadModels(options: MongoReadModelsOptions): Promise<MongoReadModels> {
  const database = options.database ?? 'hyperhook';
  assertNonEmptyString(database, 'database');
  const clock = options.clock ?? Date.now;
  const client = new MongoClient(options.url, { appName: 'hyperhook', ...options.clientOptions });
  const mongoDb = client.db(database);
  try {
    await client.connect();
    await ensureMongoSchema(mongoDb, options.sortFields ?? DEFAULT_SORT_FIELDS);
  } catch (error) {
    await client.close(); // a failed open leaves no pool or monitor timers behind
    throw error;
  }
  const db = readModelCollections(mongoDb);
  let closing: Promise<void> | undefined;

  return {
    backend: 'mongodb',
    database,
    readStore: createMongoReadStore(client, db),
    checkpoints: createMongoCheckpoints(db, clock),
    unitOfWork: createMongoUnitOfWork(client, db, options.notifier, clock),
    keyStore: createMongoKeyStore(db, clock),
    chainLinks: createMongoChainLinks(db),
    notifier: options.notifier,
    close() {
      closing ??= client.close();
      return closing;
    },
  };
}
