import { MongoServerError, type Db, type IndexDescription } from 'mongodb';
import { assertFieldName } from '../guards/assertions.js';
import { COLLECTION_NAMES } from './mongoCollections.js';

/** Server error code of "collection already exists" (another process created it first). */
const NAMESPACE_EXISTS = 48;

/**
 * Refuses a server that cannot run transactions: a standalone `mongod` has no `setName` in its
 * `hello` reply. The unit of work (read-model changes + checkpoint, all or nothing) needs a
 * replica set (a single-node one is enough) or a sharded cluster (`mongos` answers `isdbgrid`).
 */
export async function assertTransactionsSupported(db: Db): Promise<void> {
  const hello = await db.admin().command({ hello: 1 });
  if (hello['msg'] === 'isdbgrid') return;
  if (typeof hello['setName'] !== 'string') {
    throw new Error(
      'MongoDB read models need a replica set (transactions keep read-model changes and checkpoints together), ' +
        'but the server is a standalone mongod. Start it with `--replSet rs0`, run `rs.initiate()` once, and connect with `?replicaSet=rs0`.',
    );
  }
  if (hello['isWritablePrimary'] !== true) {
    throw new Error(
      `MongoDB read models must connect to the primary of replica set "${hello['setName']}" (the server reached is not writable primary); put ?replicaSet=${hello['setName']} in the URL.`,
    );
  }
}

/**
 * Creates the collections up front: creating one implicitly inside a transaction is possible
 * (MongoDB 4.4+) but takes locks that conflict with concurrent transactions; doing it at open
 * keeps transactions to plain document writes. Several processes may open together, so "already
 * exists" is success.
 */
async function ensureCollections(db: Db): Promise<void> {
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name));
  for (const name of COLLECTION_NAMES) {
    if (existing.has(name)) continue;
    try {
      await db.createCollection(name);
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
    }
  }
}

/** Name of the index serving queries sorted by one data field (stable, so re-creating it is a no-op). */
export function sortIndexName(field: string): string {
  return `docs_by_user_${field}`;
}

/**
 * Indexes every query of the ReadStore needs:
 * - `(collection, generation, userId, data.<field>, id)` per sort field: "one user's documents by
 *   <field> desc/asc limit n" walks it forwards or backwards with no sort stage, ties in id order;
 * - unique `(collection, generation, id)`: the natural key (the `_id` encodes the same triple, the
 *   unique index states it to the server) and the prefix range `deleteCollection` scans.
 * createIndexes is idempotent for an identical definition, so this runs on every open.
 */
async function ensureIndexes(db: Db, sortFields: readonly string[]): Promise<void> {
  for (const field of sortFields) assertFieldName(field, 'sort field');
  const indexes: IndexDescription[] = [
    { key: { collection: 1, generation: 1, id: 1 }, name: 'docs_by_id', unique: true },
    ...sortFields.map((field): IndexDescription => ({
      key: { collection: 1, generation: 1, userId: 1, [`data.${field}`]: -1, id: -1 },
      name: sortIndexName(field),
    })),
  ];
  await db.collection('docs').createIndexes(indexes);
  // A link per log position: the order (`_id`) and the position both unique, so the chain cannot fork.
  await db.collection('chain').createIndexes([{ key: { position: 1 }, name: 'chain_by_position', unique: true }]);
}

/** Checks the server and creates what is missing (collections, indexes). */
export async function ensureMongoSchema(db: Db, sortFields: readonly string[]): Promise<void> {
  await assertTransactionsSupported(db);
  await ensureCollections(db);
  await ensureIndexes(db, sortFields);
}
