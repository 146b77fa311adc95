import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../testing/helpers.js';
import { mainThreadNice, niceOfThreadsNamed } from '../threads/testing/threadNiceness.js';
import { openSqliteStore } from './openSqliteStore.js';
import { startWalCheckpointer } from './startWalCheckpointer.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

// The real checkpointer, watched: a store that starts none has nothing that could copy WAL pages later.
vi.mock('./startWalCheckpointer.js', async (importOriginal) => {
  const actual = await importOriginal<{ startWalCheckpointer: typeof startWalCheckpointer }>();
  return { ...actual, startWalCheckpointer: vi.fn(actual.startWalCheckpointer) };
});

/** About 8 KiB of event data, so a few hundred appends fill a few hundred pages. */
const bigEvent = (n: number) => [{ type: 'Big', data: { n, pad: 'x'.repeat(8_000) } }];

/** Appends `count` events, one commit each. */
async function appendBig(store: Awaited<ReturnType<typeof openSqliteStore>>, count: number): Promise<void> {
  for (let n = 0; n < count; n += 1) await store.eventStore.append(`big-${n % 10}`, bigEvent(n));
}

describe('background WAL checkpoints', () => {
  let file: string;
  let cleanup: () => void;
  beforeEach(() => {
    ({ file, cleanup } = tempStoreFile());
    vi.mocked(startWalCheckpointer).mockClear();
  });
  afterEach(() => cleanup());

  it('given a store with the checkpointer, when fewer pages than the autocheckpoint threshold are written, then the thread copies them into the database file', async () => {
    // given
    const store = await openSqliteStore({ file });
    const before = statSync(file).size;
    // when: ~200 pages, below the 1,000 pages at which a commit would checkpoint by itself
    await appendBig(store, 100);
    // then
    expect(startWalCheckpointer).toHaveBeenCalledTimes(1);
    await waitFor(() => statSync(file).size > before + 500_000, 5_000, 'the database file to receive the WAL pages');
    await store.close();
  });

  it.runIf(process.platform === 'linux')(
    'given a store with the checkpointer, then its thread is named for top -H and runs at the lowest priority, below every role of the process',
    async () => {
      // given
      const store = await openSqliteStore({ file });
      try {
        // then: the thread names itself, then lowers its priority, as it starts
        const lowest = String(Math.max(19, mainThreadNice()));
        await waitFor(() => niceOfThreadsNamed('hyperhook-wal').join() === lowest, 5_000, 'the checkpointer thread at nice 19');
        expect(niceOfThreadsNamed('hyperhook-wal')).toEqual([Number(lowest)]);
      } finally {
        await store.close();
      }
    },
  );

  it('given a store without the checkpointer, when as many pages are written, then they stay in the WAL (the control for the test above)', async () => {
    // given
    const store = await openSqliteStore({ file, backgroundCheckpoints: false });
    const before = statSync(file).size;
    // when
    await appendBig(store, 100);
    // then: no checkpointer was started, so what is in the WAL now stays there (SQLite's own
    // autocheckpoint runs inside a commit, at 1,000 pages)
    expect(startWalCheckpointer).not.toHaveBeenCalled();
    expect(statSync(file).size).toBe(before);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(500_000);
    await store.close();
  });

  it('given a steady run of commits with no pause, when the WAL passes 1,000 pages, then the WAL starts over instead of growing with the data', async () => {
    // given
    const store = await openSqliteStore({ file });
    // when: ~24 MB of events, one commit after another with no pause
    await appendBig(store, 3000);
    // then
    expect(statSync(file).size).toBeGreaterThan(20_000_000);
    expect(statSync(`${file}-wal`).size).toBeLessThan(12_000_000);
    expect(await store.eventStore.headPosition()).toBe(3000);
    await store.close();
  });

  it('given a file the thread cannot open, when started, then the failure is reported once', async () => {
    // given
    const failures: Error[] = [];
    // when
    const checkpointer = startWalCheckpointer({ file: `${file}.missing`, onFailure: (error) => failures.push(error) });
    // then
    await waitFor(() => failures.length > 0, 5_000, 'the failure report');
    await checkpointer.stop();
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toMatch(/SQLITE_CANTOPEN/);
  });
});
