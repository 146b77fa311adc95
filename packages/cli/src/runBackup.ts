import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { backupSqliteStore } from '@hyperhook/store';
import { checkStoreCopy } from './checkStoreCopy.js';
import type { Config } from './config.js';
import { embeddedStoreOnly } from './embeddedStoreOnly.js';
import { storeFileOf } from './openEmbeddedStore.js';
import { publishFile } from './publishFile.js';
import { say } from './say.js';

/**
 * `hyperhook backup --to <file>` (issue 32, point 5): a consistent copy of the embedded store
 * while the product may be running and writing. The copy is written to `<file>.partial`, checked
 * (SQLite's integrity check and the whole hash chain, as `verify` walks it) and only then put in
 * place under `<file>`, so a file of that name is always a whole, verified backup. It never
 * overwrites a file. The master key is not in it (see README, "Backup and restore").
 */
export async function runBackup(config: Config, to: string | undefined): Promise<void> {
  embeddedStoreOnly(config, 'backup');
  if (to === undefined || to.trim() === '') throw new Error('backup needs --to <file>: where to write the copy of the embedded store');
  const source = storeFileOf(config);
  if (!existsSync(source)) throw new Error(`there is no embedded store at ${source} (HYPERHOOK_DATA_DIR): nothing to back up`);
  const target = resolve(to);
  if (existsSync(target)) throw new Error(`${target} already exists: backup never overwrites a file; choose a new name`);
  const partial = `${target}.partial`;
  const started = Date.now();
  // Claimed exclusively (and readable by the owner alone: it holds the whole store, sealed keys
  // included): two backups to one name, or a leftover of an interrupted one, are refused, never mixed.
  try {
    writeFileSync(partial, '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Error(`${partial} exists: another backup to ${target} is running, or one was interrupted (then remove ${partial})`, { cause: error });
    throw error;
  }
  try {
    say(`backing up ${source} to ${target}`);
    backupSqliteStore({ file: source, to: partial });
    const { events, head } = await checkStoreCopy(partial);
    publishFile(partial, target);
    const bytes = statSync(target).size;
    const seconds = Math.round((Date.now() - started) / 10) / 100;
    console.log(JSON.stringify({ msg: 'backed up', file: target, events, head, bytes, seconds }));
    say(
      `backed up ${events} events to ${target} (${bytes} bytes, ${seconds} s), checked: ${head === null ? 'the log is empty' : `head ${head.position} ${head.hash}`}`,
    );
    say(
      "the master key is not in the backup: keep HYPERHOOK_MASTER_KEY or the data dir's master.key apart from it; a restore needs that same key to open saved API keys",
    );
  } finally {
    rmSync(partial, { force: true });
  }
}
