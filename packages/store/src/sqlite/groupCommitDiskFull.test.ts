import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStoreUnavailableError } from '../ports/StoreUnavailableError.js';
import type { WriteOperation } from '../writer/writeOperations.js';
import { prepareExecuteWrite } from './executeWrite.js';
import { createGroupCommitter, type WriteOutcome } from './groupCommit.js';
import { closeSqliteDatabase, openSqliteDatabase } from './openSqliteDatabase.js';
import { openSqliteStore } from './openSqliteStore.js';
import { tempStoreFile } from './testing/tempStoreFile.js';
import { deserializeWriteError, serializeWriteError } from './writeErrors.js';

/** A key big enough to need many new pages. */
const bigKey = (keyId: string): WriteOperation => ({ kind: 'putKey', keyId, wrappedKey: new Uint8Array(256 * 1024).fill(7), at: 1 });
const smallCheckpoint: WriteOperation = { kind: 'setCheckpoint', name: 'projector', position: 1, at: 1 };

describe('group commit when the disk is full (issue 32, point 3)', () => {
  let file: string;
  let cleanup: () => void;
  beforeEach(async () => {
    ({ file, cleanup } = tempStoreFile());
    await (await openSqliteStore({ file, writerThread: false })).close(); // the schema
  });
  afterEach(() => cleanup());

  /** Commits `operations` in one group on a connection whose file may not grow past its size now (SQLite's real SQLITE_FULL). */
  async function commitOnFullDisk(operations: readonly WriteOperation[]): Promise<WriteOutcome<number>[]> {
    const db = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: 1000, planner: false });
    db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true })) + 1}`);
    try {
      return await new Promise((resolve) => {
        const committer = createGroupCommitter<number>(db, prepareExecuteWrite(db), { busyTimeoutMs: 1000, onGroup: (outcomes) => resolve([...outcomes]) });
        for (const [tag, operation] of operations.entries()) committer.enqueue({ operation, tag });
      });
    } finally {
      closeSqliteDatabase(db);
    }
  }

  it('issue 32, point 3: given a file that cannot grow, when a write needs room, then it fails as StoreUnavailableError (full, SQLITE_FULL) with a plain sentence, and nothing of it is stored', async () => {
    const [outcome] = await commitOnFullDisk([bigKey('k1')]);
    expect(outcome?.ok).toBe(false);
    const error = (outcome as { error: unknown }).error;
    expect(isStoreUnavailableError(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'full', storeCode: 'SQLITE_FULL', message: expect.stringMatching(/^The store refused the write: disk full\./) });
    const store = await openSqliteStore({ file, writerThread: false });
    expect(await store.keyStore.get('k1')).toBeUndefined();
    await store.close();
  });

  it('issue 32, point 3: given a group with a write that fits and one that does not, when committed, then SQLite rolls the whole group back and every write of it is refused as StoreUnavailableError: none is acknowledged unwritten', async () => {
    const outcomes = await commitOnFullDisk([smallCheckpoint, bigKey('k2')]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([false, false]);
    expect(outcomes.every((outcome) => !outcome.ok && isStoreUnavailableError(outcome.error))).toBe(true);
    const store = await openSqliteStore({ file, writerThread: false });
    expect(await store.checkpoints.get('projector')).toBeUndefined();
    await store.close();
  });

  it('issue 32, point 3: given a disk-full refusal on the writer thread, when it crosses to the caller, then it arrives as the same StoreUnavailableError', async () => {
    const [outcome] = await commitOnFullDisk([bigKey('k3')]);
    const crossed = deserializeWriteError(structuredClone(serializeWriteError((outcome as { error: unknown }).error)));
    expect(isStoreUnavailableError(crossed)).toBe(true);
    expect(crossed).toMatchObject({ name: 'StoreUnavailableError', reason: 'full', storeCode: 'SQLITE_FULL', message: expect.stringContaining('disk full') });
  });
});
