import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '@hyperhook/store';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.js';
import { storeFileOf } from './openEmbeddedStore.js';
import { runBackup } from './runBackup.js';
import { runRestore } from './runRestore.js';

const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

describe('hyperhook restore --from <file> (issue 32, point 5)', () => {
  const source = mkdtempSync(join(tmpdir(), 'hyperhook-restore-src-'));
  const backup = join(source, 'backup.db');
  let head: unknown;
  let target: string;
  let printed: string[];
  let said: string[];

  beforeAll(async () => {
    mkdirSync(join(source, 'data'));
    const store = await openSqliteStore({ file: storeFileOf({ HYPERHOOK_DATA_DIR: join(source, 'data') }) });
    await store.eventStore.append('user-alice', [{ type: 'UserSignedUp', data: { uid: 'alice', email: 'alice@example.com' } }]);
    await store.eventStore.append('signal-s1', [{ type: 'SignalReceived', data: { signalId: 's1', userId: 'alice' } }]);
    head = await store.chain!.head();
    await store.close();
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await runBackup(loadConfig({ HYPERHOOK_DATA_DIR: join(source, 'data') }), backup);
    vi.restoreAllMocks();
  });
  afterAll(() => rmSync(source, { recursive: true, force: true }));
  beforeEach(() => {
    target = mkdtempSync(join(tmpdir(), 'hyperhook-restore-'));
    printed = [];
    said = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => said.push(String(chunk)) > 0);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(target, { recursive: true, force: true });
  });

  it("given an empty data dir and HYPERHOOK_MASTER_KEY, when restoring, then the store is in place (the owner's alone), one JSON line reports its events and head, and no key warning is given", async () => {
    const dataDir = join(target, 'data');

    await runRestore(loadConfig({ HYPERHOOK_DATA_DIR: dataDir, HYPERHOOK_MASTER_KEY: MASTER_KEY }), backup);

    const store = join(dataDir, 'hyperhook.db');
    expect(printed.map((line) => JSON.parse(line))).toEqual([{ msg: 'restored', file: store, events: 2, head, seconds: expect.any(Number) }]);
    expect(readFileSync(store)).toEqual(readFileSync(backup));
    expect(statSync(store).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir)).toEqual(['hyperhook.db']);
    expect(said.join('')).not.toMatch(/warning/);
  });

  it('given neither HYPERHOOK_MASTER_KEY nor a master.key in the data dir, when restoring, then it warns that the sealed keys need the original master key', async () => {
    await runRestore(loadConfig({ HYPERHOOK_DATA_DIR: target }), backup);
    expect(said.join('')).toMatch(/warning: there is no master key for this store: HYPERHOOK_MASTER_KEY is unset and .*master\.key is absent/);
  });

  it('given the original master.key copied into the data dir, when restoring, then no key warning is given', async () => {
    writeFileSync(join(target, 'master.key'), `${MASTER_KEY}\n`, { mode: 0o600 });
    await runRestore(loadConfig({ HYPERHOOK_DATA_DIR: target }), backup);
    expect(said.join('')).not.toMatch(/warning/);
  });

  it('given a data dir that holds a store, or a -wal file of one, when restoring, then it refuses and changes nothing', async () => {
    writeFileSync(join(target, 'hyperhook.db'), 'the live store');
    await expect(runRestore(loadConfig({ HYPERHOOK_DATA_DIR: target }), backup)).rejects.toThrow(
      `${join(target, 'hyperhook.db')} exists: restore only fills a data dir that holds no store`,
    );
    expect(readFileSync(join(target, 'hyperhook.db'), 'utf8')).toBe('the live store');
    rmSync(join(target, 'hyperhook.db'));
    writeFileSync(join(target, 'hyperhook.db-wal'), 'frames of another store');
    await expect(runRestore(loadConfig({ HYPERHOOK_DATA_DIR: target }), backup)).rejects.toThrow(/hyperhook\.db-wal exists, left by another store/);
    expect(readdirSync(target)).toEqual(['hyperhook.db-wal']);
    expect(printed).toEqual([]);
  });

  it('given a backup cut short, a file that is not a database, or no file, when restoring, then it refuses, saying why, and the data dir stays empty', async () => {
    const cut = join(target, '..', `${target.split('/').at(-1)}-cut.db`);
    const bytes = readFileSync(backup);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const text = `${cut}.txt`;
    writeFileSync(text, 'a shopping list, not a backup');
    try {
      await expect(runRestore(loadConfig({ HYPERHOOK_DATA_DIR: target }), cut)).rejects.toThrow(/damaged|integrity check|cannot be read through/);
      await expect(runRestore(loadConfig({ HYPERHOOK_DATA_DIR: target }), text)).rejects.toThrow(/is not a SQLite database: not a hyperhook store/);
      await expect(runRestore(loadConfig({ HYPERHOOK_DATA_DIR: target }), join(target, 'nothing.db'))).rejects.toThrow(/does not exist: nothing to restore/);
      expect(readdirSync(target)).toEqual([]);
      expect(printed).toEqual([]);
    } finally {
      rmSync(cut, { force: true });
      rmSync(text, { force: true });
    }
  });

  it('given DATABASE_URL, when restoring, then it refuses, pointing at pg_restore, and writes nothing', async () => {
    await expect(runRestore(loadConfig({ HYPERHOOK_DATA_DIR: target, DATABASE_URL: 'postgres://127.0.0.1:1/db' }), backup)).rejects.toThrow(
      /DATABASE_URL puts this deployment on PostgreSQL: restore a pg_dump of its schema with pg_restore/,
    );
    expect(existsSync(join(target, 'hyperhook.db'))).toBe(false);
  });
});
