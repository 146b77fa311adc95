import type { MessagePort } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createNatsNotifier, createThreadNotifier, openSqliteStore, type NatsNotifier, type SqliteStore, type StorePorts } from '@hyperhook/store';
import type { Config } from './config.js';

/** Name of the embedded store file inside HYPERHOOK_DATA_DIR. */
export const STORE_FILE_NAME = 'hyperhook.db';

/** The store file of a data directory. */
export function storeFileOf(config: Pick<Config, 'HYPERHOOK_DATA_DIR'>): string {
  return join(resolve(config.HYPERHOOK_DATA_DIR), STORE_FILE_NAME);
}

/** The server list of NATS_URL: one URL or several separated by commas. */
export function natsServersOf(natsUrl: string): string[] {
  const servers = natsUrl
    .split(',')
    .map((server) => server.trim())
    .filter((server) => server !== '');
  if (servers.length === 0) throw new Error(`NATS_URL has no server in it: ${JSON.stringify(natsUrl)}`);
  return servers;
}

/** How a process opens its store. */
export interface EmbeddedStoreOptions {
  /**
   * The process runs roles on several threads, each with its own connection: without NATS,
   * notices cross threads on a BroadcastChannel named after the store file.
   */
  readonly threads?: boolean;
  /** Run the WAL checkpointer thread (default true); one per process is enough. */
  readonly backgroundCheckpoints?: boolean;
  /** Write through another thread's store writer (SqliteStore.shareWriter) instead of a writer of its own. */
  readonly writerPort?: MessagePort;
  /** With `writerPort`: that writer went away while the store was open; every later write is refused. */
  readonly onWriterGone?: (error: Error) => void;
}

/**
 * Opens (creating and migrating if needed) the embedded SQLite store at
 * HYPERHOOK_DATA_DIR/hyperhook.db. Every role opens the same file, so `start` and separate role
 * processes share one log.
 *
 * With NATS_URL set, the store's notifier is a NATS one (ARCHITECTURE §9, CARD-26): appends and
 * projector notices reach every process at once (catch-up wake-ups, `/api/live` pushes across
 * processes); the store stays the only source of truth and polling still covers missed notices.
 * The returned store's `close` also closes that connection. Without NATS_URL the notifier is
 * in-process, or spans the process's threads (`threads`). `role` names the NATS connection.
 */
export async function openEmbeddedStore(
  config: Pick<Config, 'HYPERHOOK_DATA_DIR' | 'NATS_URL'>,
  log: (line: string) => void,
  role = 'hyperhook',
  options: EmbeddedStoreOptions = {},
): Promise<SqliteStore> {
  const file = storeFileOf(config);
  mkdirSync(resolve(config.HYPERHOOK_DATA_DIR), { recursive: true, mode: 0o700 });
  const sqliteOptions = {
    file,
    pollIntervalMs: 10,
    backgroundCheckpoints: options.backgroundCheckpoints ?? true,
    ...(options.writerPort ? { writerPort: options.writerPort } : {}),
    ...(options.onWriterGone ? { onWriterGone: options.onWriterGone } : {}),
  };
  if (config.NATS_URL === undefined) {
    if (options.threads !== true) return openSqliteStore(sqliteOptions);
    const notifier = createThreadNotifier(file);
    return withNotifierClose(
      await openSqliteStore({ ...sqliteOptions, notifier }).catch((error: unknown) => {
        notifier.close();
        throw error;
      }),
      async () => notifier.close(),
    );
  }

  const notifier = await connectNatsNotifier(config.NATS_URL, log, role);
  let store: SqliteStore;
  try {
    store = await openSqliteStore({ ...sqliteOptions, notifier });
  } catch (error) {
    await notifier.close();
    throw error;
  }
  return withNotifierClose(store, () => notifier.close());
}

/** Connects the NATS notifier of NATS_URL, its connection named after the role. */
export async function connectNatsNotifier(natsUrl: string, log: (line: string) => void, role: string): Promise<NatsNotifier> {
  const servers = natsServersOf(natsUrl);
  let notifier: NatsNotifier;
  try {
    notifier = await createNatsNotifier({
      servers,
      name: role,
      onError: (error, context) => log(`nats: ${context}: ${error instanceof Error ? error.message : String(error)}`),
    });
  } catch (error) {
    throw new Error(`cannot connect to NATS at ${servers.join(', ')} (NATS_URL): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  log(`change notices over NATS at ${servers.join(', ')}`);
  return notifier;
}

/** The store, whose close then closes its notifier. */
export function withNotifierClose<TStore extends StorePorts>(store: TStore, closeNotifier: () => Promise<void>): TStore {
  let closing: Promise<void> | undefined;
  return {
    ...store,
    close() {
      // The store first: its subscriptions and last projector batch may still publish.
      closing ??= store.close().finally(closeNotifier);
      return closing;
    },
  };
}
