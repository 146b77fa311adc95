import type { MessagePort } from 'node:worker_threads';
import { openPgStore, type Notifier, type StorePorts } from '@hyperhook/store';
import type { Config } from './config.js';
import { describePgUrl } from './describePgUrl.js';
import { connectNatsNotifier, openEmbeddedStore, withNotifierClose, type EmbeddedStoreOptions } from './openEmbeddedStore.js';

/** A store as the roles get it: the ports, where it is (for logs), and the embedded writer to share with role threads, if any. */
export type OpenedStore = StorePorts & {
  /** The store file, or `postgres <schema> at <host>` (never the password). */
  readonly location: string;
  shareWriter?(): MessagePort | undefined;
};

/** The configuration a store is chosen by. */
export type StoreConfig = Pick<Config, 'HYPERHOOK_DATA_DIR' | 'NATS_URL' | 'DATABASE_URL' | 'HYPERHOOK_DATABASE_SCHEMA' | 'KURRENTDB_URL' | 'MONGODB_URL'>;

/**
 * The one switch of ARCHITECTURE §6: DATABASE_URL=postgres://… puts every role on PostgreSQL
 * (notices on NATS with NATS_URL, else LISTEN/NOTIFY); without it, the embedded SQLite file of
 * HYPERHOOK_DATA_DIR. KURRENTDB_URL / MONGODB_URL name a backend whose adapters are only
 * contract-tested where those servers run, not wired into the roles yet: they stop the process
 * rather than run silently on another store.
 */
export async function openStore(config: StoreConfig, log: (line: string) => void, role = 'hyperhook', options: EmbeddedStoreOptions & { readonly notices?: boolean } = {}): Promise<OpenedStore> {
  if (config.KURRENTDB_URL !== undefined || config.MONGODB_URL !== undefined) {
    throw new Error('KURRENTDB_URL / MONGODB_URL are set, but this build does not run on KurrentDB and MongoDB yet (their store adapters exist but have never run against those servers here): unset them, and use DATABASE_URL=postgres://… or the embedded store');
  }
  if (config.DATABASE_URL === undefined) {
    const store = await openEmbeddedStore(options.notices === false ? { HYPERHOOK_DATA_DIR: config.HYPERHOOK_DATA_DIR } : config, log, role, options);
    return { ...store, close: () => store.close(), location: store.file, shareWriter: () => store.shareWriter() };
  }
  return openClusterStore({ ...config, DATABASE_URL: config.DATABASE_URL }, log, role, options.notices !== false);
}

async function openClusterStore(config: StoreConfig & { DATABASE_URL: string }, log: (line: string) => void, role: string, notices: boolean): Promise<OpenedStore> {
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
