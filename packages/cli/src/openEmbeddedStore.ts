import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import type { Config } from './config.js';

/** Name of the embedded store file inside HYPERHOOK_DATA_DIR. */
export const STORE_FILE_NAME = 'hyperhook.db';

/** The store file of a data directory. */
export function storeFileOf(config: Pick<Config, 'HYPERHOOK_DATA_DIR'>): string {
  return join(resolve(config.HYPERHOOK_DATA_DIR), STORE_FILE_NAME);
}

/**
 * Opens the embedded SQLite store at HYPERHOOK_DATA_DIR/hyperhook.db (creating the directory).
 * Every role opens the same file, so `start` and separate role processes share one log.
 * With NATS_URL set, change notices would travel over NATS; no NATS notifier adapter exists in
 * @hyperhook/store yet, so the in-process notifier is used and other processes learn of appends
 * by polling (SqliteStoreOptions.pollIntervalMs).
 */
export async function openEmbeddedStore(config: Pick<Config, 'HYPERHOOK_DATA_DIR' | 'NATS_URL'>, log: (line: string) => void): Promise<SqliteStore> {
  const file = storeFileOf(config);
  mkdirSync(resolve(config.HYPERHOOK_DATA_DIR), { recursive: true, mode: 0o700 });
  if (config.NATS_URL !== undefined) log(`NATS_URL is set, but no NATS notifier adapter exists yet: using in-process notices and polling on ${file}`);
  return openSqliteStore({ file, pollIntervalMs: 10 });
}
