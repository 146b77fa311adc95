import type { MessagePort } from 'node:worker_threads';
import { createInProcessNotifier, createThreadNotifier, openPgStore, type Notifier, type StorePorts, type ThreadHeap } from '@hyperhook/store';
import type { Config } from './config.js';
import { describePgUrl } from './describePgUrl.js';
import { describeServerUrl } from './describeServerUrl.js';
import { connectNatsNotifier, openEmbeddedStore, withNotifierClose, type EmbeddedStoreOptions } from './openEmbeddedStore.js';

/** A store as the roles get it: the ports, where it is (for logs), and the embedded writer to share with role threads, if any. */
export type OpenedStore = StorePorts & {
  /** The store file, or `postgres <schema> at <host>` (never the password). */
  readonly location: string;
  shareWriter?(): MessagePort | undefined;
  /** The embedded store's writer thread's heap, as it last reported it. */
  writerHeap?(): ThreadHeap | undefined;
};

/** The configuration a store is chosen by. */
export type StoreConfig = Pick<
  Config,
  'HYPERHOOK_DATA_DIR' | 'NATS_URL' | 'DATABASE_URL' | 'HYPERHOOK_DATABASE_SCHEMA' | 'KURRENTDB_URL' | 'MONGODB_URL' | 'HYPERHOOK_KURRENTDB_NAMESPACE'
>;

/**
 * The one switch of ARCHITECTURE §6: DATABASE_URL=postgres://… puts every role on PostgreSQL
 * (notices on NATS with NATS_URL, else LISTEN/NOTIFY); KURRENTDB_URL with MONGODB_URL puts the
 * event log in KurrentDB and the rest in MongoDB (notices on NATS with NATS_URL, else only
 * within this process); with none of them, the embedded SQLite file of HYPERHOOK_DATA_DIR. A
 * half or a mix of them stops the process rather than run on a store the operator did not mean.
 */
export async function openStore(
  config: StoreConfig,
  log: (line: string) => void,
  role = 'hyperhook',
  options: EmbeddedStoreOptions & { readonly notices?: boolean } = {},
): Promise<OpenedStore> {
  const { DATABASE_URL, KURRENTDB_URL, MONGODB_URL } = config;
  if (KURRENTDB_URL !== undefined || MONGODB_URL !== undefined) {
    if (DATABASE_URL !== undefined)
      throw new Error('DATABASE_URL and KURRENTDB_URL / MONGODB_URL are both set: choose one backend, PostgreSQL or KurrentDB + MongoDB');
    if (KURRENTDB_URL === undefined)
      throw new Error('MONGODB_URL is set without KURRENTDB_URL: the MongoDB read models need the event log in KurrentDB (set both, or neither)');
    if (MONGODB_URL === undefined)
      throw new Error(
        'KURRENTDB_URL is set without MONGODB_URL: the KurrentDB event log needs its read models, checkpoints and keys in MongoDB (set both, or neither)',
      );
    return openKurrentMongo({ ...config, KURRENTDB_URL, MONGODB_URL }, log, role, { notices: options.notices !== false, threads: options.threads === true });
  }
  if (DATABASE_URL === undefined) {
    const store = await openEmbeddedStore(options.notices === false ? { HYPERHOOK_DATA_DIR: config.HYPERHOOK_DATA_DIR } : config, log, role, options);
    return { ...store, close: () => store.close(), location: store.file, shareWriter: () => store.shareWriter(), writerHeap: () => store.writerHeap() };
  }
  return openClusterStore({ ...config, DATABASE_URL }, log, role, options.notices !== false);
}

/**
 * The KurrentDB + MongoDB store. Its notices must reach every role: over NATS across processes;
 * without NATS only the roles of this process hear them (on a BroadcastChannel when they run on
 * threads), and other processes catch up by polling.
 */
async function openKurrentMongo(
  config: StoreConfig & { KURRENTDB_URL: string; MONGODB_URL: string },
  log: (line: string) => void,
  role: string,
  options: { readonly notices: boolean; readonly threads: boolean },
): Promise<OpenedStore> {
  // Loaded only here: the two drivers are half a second of every other store's start.
  const { mongoDatabaseOf, openKurrentMongoStore } = await import('@hyperhook/store/kurrentmongo');
  const namespace = config.HYPERHOOK_KURRENTDB_NAMESPACE;
  const database = mongoDatabaseOf(config.MONGODB_URL) ?? 'hyperhook';
  const streams = namespace === undefined ? '' : ` (streams ${namespace}:…)`;
  const where = `KurrentDB at ${describeServerUrl(config.KURRENTDB_URL)}${streams} with MongoDB database ${database} at ${describeServerUrl(config.MONGODB_URL)}`;
  const nats = options.notices && config.NATS_URL !== undefined ? await connectNatsNotifier(config.NATS_URL, log, role) : undefined;
  const local = nats === undefined && options.threads ? createThreadNotifier(`kurrentdb:${where}`) : undefined;
  const notifier: Notifier = nats ?? local ?? createInProcessNotifier();
  const closeNotifier = async () => {
    local?.close();
    await nats?.close();
  };
  let store: StorePorts;
  try {
    store = await openKurrentMongoStore({
      kurrentUrl: config.KURRENTDB_URL,
      mongoUrl: config.MONGODB_URL,
      database,
      notifier,
      ...(namespace === undefined ? {} : { streamNamespace: namespace }),
    });
  } catch (error) {
    await closeNotifier();
    throw new Error(`cannot open the store on ${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  log(`store: ${where}; change notices ${nats ? 'over NATS' : 'within this process only (set NATS_URL to reach other processes)'}`);
  const closable = withNotifierClose(store, closeNotifier);
  return { ...closable, close: () => closable.close(), location: where };
}

async function openClusterStore(
  config: StoreConfig & { DATABASE_URL: string },
  log: (line: string) => void,
  role: string,
  notices: boolean,
): Promise<OpenedStore> {
  const where = `postgres schema ${config.HYPERHOOK_DATABASE_SCHEMA} at ${describePgUrl(config.DATABASE_URL, { fallback: 'the DATABASE_URL host' })}`;
  const nats = notices && config.NATS_URL !== undefined ? await connectNatsNotifier(config.NATS_URL, log, role) : undefined;
  const notifier: Notifier | undefined = nats;
  let store: StorePorts;
  try {
    store = await openPgStore({ url: config.DATABASE_URL, schema: config.HYPERHOOK_DATABASE_SCHEMA, applicationName: role, ...(notifier ? { notifier } : {}) });
  } catch (error) {
    await nats?.close();
    throw new Error(`cannot open the store in ${where} (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  log(`store: ${where}; change notices over ${nats ? 'NATS' : 'PostgreSQL LISTEN/NOTIFY'}`);
  const closable = nats ? withNotifierClose(store, () => nats.close()) : store;
  return { ...closable, close: () => closable.close(), location: where };
}
