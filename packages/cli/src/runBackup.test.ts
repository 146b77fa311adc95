import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.js';
import { storeFileOf } from './openEmbeddedStore.js';
import { runBackup } from './runBackup.js';

/** A data dir whose store holds a short log; returns the head the store serves. */
async function dataDirWithLog(dir: string) {
  const store = await openSqliteStore({ file: storeFileOf({ HYPERHOOK_DATA_DIR: dir }) });
  try {
    await store.eventStore.append('user-alice', [{ type: 'UserSignedUp', data: { uid: 'alice', email: 'alice@example.com' } }]);
    await store.eventStore.append('signal-s1', [
      { type: 'SignalReceived', data: { signalId: 's1', userId: 'alice' } },
      { type: 'SignalExecuted', data: { signalId: 's1' } },
    ]);
    return await store.chain!.head();
  } finally {
    await store.close();
  }
}

describe('hyperhook backup --to <file> (issue 32, point 5)', () => {
  let dir: string;
  let out: string;
  let printed: string[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hyperhook-backup-'));
    out = mkdtempSync(join(tmpdir(), 'hyperhook-backup-out-'));
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });

  it("given a store, when backed up, then one JSON line reports the file, events, head, bytes and seconds; the file is the owner's alone and no .partial is left", async () => {
    const head = await dataDirWithLog(dir);
    const to = join(out, 'hyperhook-backup.db');

    await runBackup(loadConfig({ HYPERHOOK_DATA_DIR: dir }), to);

    expect(printed.map((line) => JSON.parse(line))).toEqual([
      { msg: 'backed up', file: to, events: 3, head, bytes: statSync(to).size, seconds: expect.any(Number) },
    ]);
    expect(statSync(to).mode & 0o777).toBe(0o600);
    expect(existsSync(`${to}.partial`)).toBe(false);
  });

  it("given DATABASE_URL or KURRENTDB_URL, when backing up, then it refuses, pointing at the backend's own tools", async () => {
    const to = join(out, 'b.db');
    await expect(runBackup(loadConfig({ HYPERHOOK_DATA_DIR: dir, DATABASE_URL: 'postgres://127.0.0.1:1/db' }), to)).rejects.toThrow(
      /DATABASE_URL puts this deployment on PostgreSQL: dump its schema with pg_dump --schema=<schema> -Fc/,
    );
    await expect(
      runBackup(loadConfig({ HYPERHOOK_DATA_DIR: dir, KURRENTDB_URL: 'kurrentdb://127.0.0.1:1', MONGODB_URL: 'mongodb://127.0.0.1:1/h' }), to),
    ).rejects.toThrow(/KurrentDB \+ MongoDB: use their own backups/);
    expect(existsSync(to)).toBe(false);
  });

  it('given no --to, or no store in the data dir, then it refuses and writes nothing', async () => {
    await expect(runBackup(loadConfig({ HYPERHOOK_DATA_DIR: dir }), undefined)).rejects.toThrow('backup needs --to <file>');
    await expect(runBackup(loadConfig({ HYPERHOOK_DATA_DIR: dir }), join(out, 'b.db'))).rejects.toThrow(
      `there is no embedded store at ${join(dir, 'hyperhook.db')} (HYPERHOOK_DATA_DIR): nothing to back up`,
    );
    expect(existsSync(join(dir, 'hyperhook.db'))).toBe(false);
    expect(existsSync(join(out, 'b.db'))).toBe(false);
  });

  it('given a file at --to, when backing up, then it refuses and the file is left as it was', async () => {
    await dataDirWithLog(dir);
    const to = join(out, 'taken.db');
    writeFileSync(to, "last week's backup");
    await expect(runBackup(loadConfig({ HYPERHOOK_DATA_DIR: dir }), to)).rejects.toThrow(`${to} already exists: backup never overwrites a file`);
    expect(readFileSync(to, 'utf8')).toBe("last week's backup");
  });

  it('given a <file>.partial left by another backup, when backing up, then it refuses and leaves that file to its owner', async () => {
    await dataDirWithLog(dir);
    const to = join(out, 'b.db');
    writeFileSync(`${to}.partial`, 'in progress');
    await expect(runBackup(loadConfig({ HYPERHOOK_DATA_DIR: dir }), to)).rejects.toThrow(
      /\.partial exists: another backup .* is running, or one was interrupted/,
    );
    expect(readFileSync(`${to}.partial`, 'utf8')).toBe('in progress');
    expect(existsSync(to)).toBe(false);
  });
});
