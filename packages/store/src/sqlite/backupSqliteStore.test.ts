import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ChainWalk } from '../chain/chainWalk.js';
import { backupSqliteStore } from './backupSqliteStore.js';
import { openSqliteStore, type SqliteStore } from './openSqliteStore.js';
import { openSqliteStoreCopy } from './openSqliteStoreCopy.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

const signal = (i: number) => ({ type: 'SignalReceived', data: { signalId: `s${i}`, userId: 'alice', size: i } });

describe('backupSqliteStore (issue 32, point 5)', () => {
  const cleanups: (() => void)[] = [];
  let store: SqliteStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  async function liveStore(): Promise<{ file: string; dir: string }> {
    const temp = tempStoreFile();
    cleanups.push(temp.cleanup);
    store = await openSqliteStore({ file: temp.file });
    return { file: temp.file, dir: dirname(temp.file) };
  }

  it('given a store whose writer thread goes on committing appends, when backed up between them, then the copy is a whole prefix of the log whose chain verifies, and the writes went on', async () => {
    const { file, dir } = await liveStore();
    for (let i = 0; i < 50; i += 1) await store!.eventStore.append(`signal-s${i}`, [signal(i)]);
    let writing = true;
    let appended = 50;
    const writer = (async () => {
      while (writing) {
        await store!.eventStore.append(`signal-s${appended}`, [signal(appended)]);
        appended += 1;
      }
    })();
    // Let the writer get going, then copy while it commits.
    while (appended < 60) await new Promise((resolve) => setTimeout(resolve, 1));
    const to = join(dir, 'backup.db');
    backupSqliteStore({ file, to });
    const afterCopy = appended;
    while (appended < afterCopy + 10) await new Promise((resolve) => setTimeout(resolve, 1));
    writing = false;
    await writer;

    const copy = openSqliteStoreCopy(to);
    try {
      expect(copy.integrityProblems()).toEqual([]);
      const links = await copy.chain.readLinks({ maxCount: 100_000 });
      const live = await store!.chain!.readLinks({ maxCount: 100_000 });
      expect(links.length).toBeGreaterThanOrEqual(60);
      expect(live.length).toBeGreaterThan(links.length);
      expect(links).toEqual(live.slice(0, links.length));
      const walk = new ChainWalk();
      expect(links.map((link) => walk.step(link.event, link.hash)).filter((broken) => broken !== null)).toEqual([]);
      expect(links.map((link) => link.event.globalPosition)).toEqual(links.map((_, i) => i + 1));
    } finally {
      copy.close();
    }
    // One self-contained file in rollback-journal mode: nothing beside it to lose.
    expect(readFileSync(to).subarray(18, 20)).toEqual(Buffer.from([1, 1]));
    expect(readdirSync(dir).filter((name) => name.startsWith('backup.db'))).toEqual(['backup.db']);
  });

  it('given a file already at the target, when backed up, then SQLite refuses and the file is left as it was', async () => {
    const { file, dir } = await liveStore();
    await store!.eventStore.append('signal-s1', [signal(1)]);
    const to = join(dir, 'taken.db');
    writeFileSync(to, 'precious');
    expect(() => backupSqliteStore({ file, to })).toThrow();
    expect(readFileSync(to, 'utf8')).toBe('precious');
  });

  it('given no store file, when backed up, then it refuses rather than create an empty store', () => {
    const temp = tempStoreFile();
    cleanups.push(temp.cleanup);
    expect(() => backupSqliteStore({ file: temp.file, to: join(dirname(temp.file), 'backup.db') })).toThrow();
    expect(existsSync(temp.file)).toBe(false);
  });
});

describe('openSqliteStoreCopy: only a backup-shaped store file is opened (issue 32, point 5)', () => {
  const temp = tempStoreFile();
  const dir = dirname(temp.file);
  afterAll(() => temp.cleanup());

  it('given an empty file, a text file, a live WAL-mode store file and a SQLite file without an event log, then each is refused, saying why', async () => {
    writeFileSync(join(dir, 'empty.db'), '');
    writeFileSync(join(dir, 'text.db'), 'not a database at all, just some text that is long enough');
    const live = await openSqliteStore({ file: temp.file });
    await live.eventStore.append('signal-s1', [signal(1)]);
    await live.close();
    const plain = join(dir, 'plain.db');
    backupSqliteStore({ file: temp.file, to: plain });
    const { default: Database } = await import('better-sqlite3');
    const other = new Database(join(dir, 'other.db'));
    other.exec('CREATE TABLE t (a)');
    other.close();

    expect(() => openSqliteStoreCopy(join(dir, 'empty.db'))).toThrow(/is empty: not a hyperhook store/);
    expect(() => openSqliteStoreCopy(join(dir, 'text.db'))).toThrow(/is not a SQLite database/);
    expect(() => openSqliteStoreCopy(temp.file)).toThrow(/is in WAL mode: it is a copy of a live store file/);
    expect(() => openSqliteStoreCopy(join(dir, 'other.db'))).toThrow(/holds no event log: not a hyperhook store/);
    const copy = openSqliteStoreCopy(plain);
    expect(copy.integrityProblems()).toEqual([]);
    copy.close();
  });

  it('given a backup cut short, then it is refused as damaged or its integrity check names the problem', () => {
    const plain = join(dir, 'plain.db');
    const cut = join(dir, 'cut.db');
    const bytes = readFileSync(plain);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    let problems: string[];
    try {
      const copy = openSqliteStoreCopy(cut);
      problems = copy.integrityProblems();
      copy.close();
    } catch (error) {
      problems = [(error as Error).message];
    }
    expect(problems.join('\n')).toMatch(/malformed|damaged|missing|corrupt/i);
  });
});
