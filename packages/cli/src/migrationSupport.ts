import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MASTER_KEY_FILE } from '@hyperhook/secrets';
import type { Config } from './config.js';
import { storeFileOf } from './openEmbeddedStore.js';

/** Progress lines at most this often: a large log takes minutes, a small one needs none. */
const PROGRESS_EVERY_MS = 2_000;

/** A progress reporter that speaks at most every PROGRESS_EVERY_MS. */
export function throttled<TArgs extends unknown[]>(report: (...args: TArgs) => void): (...args: TArgs) => void {
  let last = Date.now();
  return (...args) => {
    if (Date.now() - last < PROGRESS_EVERY_MS) return;
    last = Date.now();
    report(...args);
  };
}

/** What the operator must carry over: the data keys stay wrapped by the master key they were made under. */
export function masterKeyNotice(config: Pick<Config, 'HYPERHOOK_DATA_DIR' | 'HYPERHOOK_MASTER_KEY'>, deployment: string): string {
  const where =
    config.HYPERHOOK_MASTER_KEY !== undefined
      ? `the master key of HYPERHOOK_MASTER_KEY: run the ${deployment} deployment with that same HYPERHOOK_MASTER_KEY`
      : `the master key in ${join(resolve(config.HYPERHOOK_DATA_DIR), MASTER_KEY_FILE)}: run the ${deployment} deployment on that data dir, or with HYPERHOOK_MASTER_KEY set to that file's content`;
  return `the data keys were copied still wrapped by ${where}; with another master key saved API keys and webhook secrets cannot be opened and every session ends`;
}

/** The embedded store file to migrate; opening a missing one would create an empty store and "migrate" nothing. */
export function existingStoreFileOf(config: Pick<Config, 'HYPERHOOK_DATA_DIR'>): string {
  const file = storeFileOf(config);
  if (!existsSync(file)) throw new Error(`there is no embedded store at ${file} (HYPERHOOK_DATA_DIR): nothing to migrate`);
  return file;
}
