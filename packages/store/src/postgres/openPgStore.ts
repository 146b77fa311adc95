import { EVENTS_APPENDED_CHANNEL, type EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import type { Notifier } from '../ports/Notifier.js';
import type { StorePorts } from '../ports/StorePorts.js';
import { DEFAULT_SORT_FIELDS } from '../sqlite/ensureSortIndexes.js';
import { createWriterEventStore } from '../writer/createWriterEventStore.js';
import { createWriterUnitOfWork } from '../writer/createWriterUnitOfWork.js';
import { createPgCheckpoints } from './createPgCheckpoints.js';
import { createPgKeyStore, shredPgKeys } from './createPgKeyStore.js';
import { createPgNotifier, type PgNotifier } from './createPgNotifier.js';
import { createPgReadStore } from './createPgReadStore.js';
import { migratePgSchema } from './migratePgSchema.js';
import { openPgPool } from './openPgPool.js';
import { createPgGroupCommitter } from './pgGroupCommit.js';
import { createPgEventChain } from './pgEventChain.js';
import { headPositionOfPg, readAllFromPg, readStreamFromPg } from './pgReadEvents.js';

/** Options of openPgStore. */
export type PgStoreOptions = {
  /** `postgres://user:password@host:5432/database` (DATABASE_URL). */
  readonly url: string;
  /** The schema holding the store, default 'hyperhook' (tests use one schema each). */
  readonly schema?: string;
  /** Most pooled connections of this process, default 10 (plus two sessions of the notifier). */
  readonly poolSize?: number;
  /** Default: LISTEN/NOTIFY on the same database. Pass a NATS notifier to share the cluster's. */
  readonly notifier?: Notifier;
  /** How often idle subscriptions poll the head besides the notices, default 250 ms. */
  readonly pollIntervalMs?: number;
  /** Top-level data fields to index for per-user sorted queries, default receivedAt and updatedAt. */
  readonly sortFields?: readonly string[];
  /** Source of `recordedAt` and bookkeeping timestamps, default Date.now. */
  readonly clock?: () => number;
  /** Where a failed shredding of destroyed keys is reported, default console.error. */
  readonly onShredFailure?: (error: unknown) => void;
  /** Name shown in `pg_stat_activity`, default 'hyperhook'. */
  readonly applicationName?: string;
};

/** Every port on one PostgreSQL schema. */
export interface PgStore extends StorePorts {
  readonly schema: string;
}

/**
 * Opens (creating and migrating if needed) the store in one schema of a PostgreSQL database:
 * events, read-model documents, checkpoints and keys, every port on one connection pool, the
 * writes of the process grouped into shared transactions (createPgGroupCommitter).
 */
export async function openPgStore(options: PgStoreOptions): Promise<PgStore> {
  const schema = options.schema ?? 'hyperhook';
  const clock = options.clock ?? Date.now;
  const pool = openPgPool({ url: options.url, schema, max: options.poolSize ?? 10, applicationName: options.applicationName ?? 'hyperhook' });
  let ownNotifier: PgNotifier | undefined;
  try {
    const client = await pool.connect();
    try {
      await migratePgSchema(client, schema, { clock, sortFields: options.sortFields ?? DEFAULT_SORT_FIELDS });
    } finally {
      client.release();
    }
    ownNotifier = options.notifier ? undefined : await createPgNotifier({ url: options.url, schema });
  } catch (error) {
    await pool.end();
    throw error;
  }
  const notifier: Notifier = options.notifier ?? (ownNotifier as PgNotifier);
  const reportShredFailure =
    options.onShredFailure ?? ((error: unknown) => console.error('postgres store: VACUUM FULL keys after a destroyed key failed', error));

  const writer = createPgGroupCommitter(pool, {
    onAppended: (position) => notifier.publish(EVENTS_APPENDED_CHANNEL, { position } satisfies EventsAppendedMessage),
    onKeysDestroyed: () => shredPgKeys(pool).catch(reportShredFailure),
  });
  const events = createWriterEventStore(
    {
      readStream: (streamId, readOptions) => readStreamFromPg(pool, streamId, readOptions),
      readAll: (readOptions) => readAllFromPg(pool, readOptions),
      headPosition: () => headPositionOfPg(pool),
    },
    { writer, notifier, clock, pollIntervalMs: options.pollIntervalMs ?? 250 },
  );
  let closing: Promise<void> | undefined;

  return {
    backend: 'postgres',
    schema,
    eventStore: events.eventStore,
    readStore: createPgReadStore(pool, writer),
    checkpoints: createPgCheckpoints(pool, writer, clock),
    unitOfWork: createWriterUnitOfWork(writer, notifier, clock),
    notifier,
    keyStore: createPgKeyStore(pool, writer, clock),
    chain: createPgEventChain(pool),
    close() {
      closing ??= (async () => {
        await events.close();
        await writer.close();
        await ownNotifier?.close();
        await pool.end();
      })();
      return closing;
    },
  };
}
