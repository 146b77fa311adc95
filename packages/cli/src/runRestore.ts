import { constants, copyFileSync, chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MASTER_KEY_FILE } from '@hyperhook/secrets';
import { checkStoreCopy } from './checkStoreCopy.js';
import type { Config } from './config.js';
import { embeddedStoreOnly } from './embeddedStoreOnly.js';
import { storeFileOf } from './openEmbeddedStore.js';
import { publishFile, syncFile } from './publishFile.js';
import { say } from './say.js';

/** SQLite's files beside a store: left over from another store, they would be read as this one's. */
const SIDE_FILES = ['-wal', '-shm', '-journal'] as const;

/**
 * `hyperhook restore --from <file>` (issue 32, point 5): puts a backup in place as the embedded
 * store of HYPERHOOK_DATA_DIR, which must hold none yet (the product stopped, a fresh or emptied
 * data dir). The backup is copied into the data dir under a temporary name, that copy checked
 * (integrity and the whole hash chain: what is checked is what gets installed), and only then
 * named hyperhook.db; a backup that fails the check leaves the data dir as it was. The read
 * models come with it as they were at the backup; `hyperhook replay` rebuilds them from the log.
 */
export async function runRestore(config: Config, from: string | undefined): Promise<void> {
  embeddedStoreOnly(config, 'restore');
  if (from === undefined || from.trim() === '') throw new Error('restore needs --from <file>: a backup written by hyperhook backup');
  const backup = resolve(from);
  if (!existsSync(backup)) throw new Error(`${backup} does not exist: nothing to restore`);
  const dataDir = resolve(config.HYPERHOOK_DATA_DIR);
  const store = storeFileOf(config);
  if (existsSync(store))
    throw new Error(
      `${store} exists: restore only fills a data dir that holds no store (stop hyperhook and restore into a new HYPERHOOK_DATA_DIR, or move that store away first)`,
    );
  const leftover = SIDE_FILES.map((suffix) => `${store}${suffix}`).find((file) => existsSync(file));
  if (leftover !== undefined)
    throw new Error(`${leftover} exists, left by another store: SQLite would read it as part of the restored one; remove it first (is hyperhook stopped?)`);

  const partial = `${store}.restoring`;
  const started = Date.now();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    copyFileSync(backup, partial, constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Error(`${partial} exists: another restore into ${dataDir} is running, or one was interrupted (then remove ${partial})`, { cause: error });
    throw error;
  }
  try {
    chmodSync(partial, 0o600);
    syncFile(partial);
    say(`checking ${backup}`);
    const { events, head } = await checkStoreCopy(partial);
    publishFile(partial, store);
    const seconds = Math.round((Date.now() - started) / 10) / 100;
    console.log(JSON.stringify({ msg: 'restored', file: store, events, head, seconds }));
    say(`restored ${events} events into ${store}, checked: ${head === null ? 'the log is empty' : `head ${head.position} ${head.hash}`}`);
    say(
      'the read models are as they were at the backup and catch up when hyperhook starts; hyperhook replay rebuilds them from the log first, if you want them fresh',
    );
    if (config.HYPERHOOK_MASTER_KEY === undefined && !existsSync(join(dataDir, MASTER_KEY_FILE))) {
      say(
        `warning: there is no master key for this store: HYPERHOOK_MASTER_KEY is unset and ${join(dataDir, MASTER_KEY_FILE)} is absent. ` +
          `The backup holds no master key; copy the original data dir's ${MASTER_KEY_FILE} here (mode 0600) or set HYPERHOOK_MASTER_KEY to it before starting, ` +
          'or a new key is generated and the saved API keys, webhook secrets and channel secrets can never be opened (copy vapid-keys.json too, unless VAPID_* are set, so web pushes keep reaching the subscribed browsers)',
      );
    }
  } finally {
    rmSync(partial, { force: true });
  }
}
