import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDuplicateEventIdError } from '../ports/DuplicateEventIdError.js';
import { isWrongExpectedVersionError, WrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';
import { someEvents, waitFor } from '../testing/helpers.js';
import { openSqliteDatabase } from './openSqliteDatabase.js';
import { openSqliteStore } from './openSqliteStore.js';
import { startWriterThread } from './startWriterThread.js';
import { tempStoreFile } from './testing/tempStoreFile.js';
import { migrateSqliteSchema } from './migrateSqliteSchema.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const childScript = fileURLToPath(new URL('./testing/appendWithoutClosing.ts', import.meta.url));

describe('the writer thread', () => {
  let file: string;
  let cleanup: () => void;
  beforeEach(() => ({ file, cleanup } = tempStoreFile()));
  afterEach(() => cleanup());

  it("given a conflict and a reused event id committed on the writer thread, then the caller gets the store's own error classes with their fields", async () => {
    // given
    const store = await openSqliteStore({ file });
    const [first] = await store.eventStore.append('s', someEvents(1)).then(async () => store.eventStore.readStream('s'));
    // when
    const conflict = await store.eventStore.append('s', someEvents(1), { expectedVersion: 'no_stream' }).catch((error: unknown) => error);
    const reused = await store.eventStore.append('other', [{ eventId: first!.eventId, type: 'T', data: {} }]).catch((error: unknown) => error);
    // then
    expect(conflict).toBeInstanceOf(WrongExpectedVersionError);
    expect(isWrongExpectedVersionError(conflict) && [conflict.streamId, conflict.expectedVersion, conflict.actualVersion]).toEqual(['s', 'no_stream', 0]);
    expect(isDuplicateEventIdError(reused) && reused.eventIds).toEqual([first!.eventId]);
    await store.close();
  });

  it('given a writer thread that reports its heap every 50 ms, when it has served a write, then its heap is known on this thread: megabytes in use and in pages; unknown before', async () => {
    // given: a migrated store file
    await (await openSqliteStore({ file })).close();
    const writer = startWriterThread({ file, synchronous: 'FULL', busyTimeoutMs: 1_000, heapReportMs: 50 }, { onAppended: () => undefined });
    expect(writer.heap?.()).toBeUndefined();
    // when
    await writer.submit({ kind: 'setCheckpoint', name: 'c', position: 1, at: 1 });
    await waitFor(() => writer.heap?.() !== undefined, 5_000, "the writer thread's heap report");
    // then
    expect(writer.heap?.()?.usedBytes).toBeGreaterThan(2 ** 20);
    expect(writer.heap?.()?.physicalBytes).toBeGreaterThan(2 ** 20);
    await writer.close();
  });

  it("given the store file cannot be opened, when writes are submitted, then they fail with the driver's error; once it can, the next write starts a new thread and commits", async () => {
    // given: a path whose directory does not exist yet
    const missing = join(dirname(file), 'later', 'store.db');
    const announced: unknown[] = [];
    const writer = startWriterThread({ file: missing, synchronous: 'FULL', busyTimeoutMs: 100 }, { onAppended: (notice) => announced.push(notice) });
    const command = {
      streamId: 's',
      expectedVersion: 'any' as const,
      events: [{ eventId: '0190a0a0-0000-7000-8000-000000000001', idProvided: true, type: 'T', data: '{}', metadata: null }],
    };
    // when
    const failed = await writer.submit({ kind: 'append', commands: [command], recordedAt: 1 }).catch((error: unknown) => error);
    // then
    expect(failed).toBeInstanceOf(TypeError);
    expect((failed as Error).message).toMatch(/directory does not exist/);
    expect(announced).toEqual([]);
    // when: the file now exists with the schema
    mkdirSync(dirname(missing));
    const db = openSqliteDatabase({ file: missing, synchronous: 'FULL', busyTimeoutMs: 100 });
    migrateSqliteSchema(db, () => 0);
    db.close();
    // then
    await expect(writer.submit({ kind: 'append', commands: [command], recordedAt: 1 })).resolves.toEqual([{ nextExpectedVersion: 0, lastPosition: 1 }]);
    expect(announced).toEqual([{ from: 0, position: 1, types: ['T'], events: [[1, 's', 0, '0190a0a0-0000-7000-8000-000000000001', 'T', '{}', null, 1]] }]);
    await writer.close();
    await expect(writer.submit({ kind: 'destroyKey', keyId: 'k' })).rejects.toThrow(/closed/);
  });

  it.each([
    ['', []],
    [', even after a write that could not be sent to the thread,', ['--unclonable-first']],
  ])(
    'given a process that appends and never closes its store%s then it stays alive until the append is committed and then exits on its own',
    async (_case, flags) => {
      // given / when
      const child = spawn(process.execPath, ['--import', 'tsx', childScript, file, ...flags], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      // then
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(stdout)).toEqual({ nextExpectedVersion: 0, lastPosition: 1 });
      const store = await openSqliteStore({ file });
      expect((await store.eventStore.readAll()).map((e) => e.data)).toEqual([{ by: 'child' }]);
      await store.close();
    },
  );

  it("given a commit held up by another connection's lock, when writes wait on the writer thread, then timers on this thread keep running and reads go on", async () => {
    // given
    const store = await openSqliteStore({ file });
    await store.eventStore.append('before', someEvents(1));
    const other = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: 5000 });
    other.exec('BEGIN IMMEDIATE');
    // when
    const appended = store.eventStore.append('s', someEvents(1));
    const upserted = store.readStore.upsert('docs', { id: 'd', version: 1, data: { a: 1 } });
    let writesSettled = false;
    void Promise.allSettled([appended, upserted]).then(() => void (writesSettled = true));
    // 60 timers while the lock is held, which only this thread releases: a thread blocked in the
    // commit would run them only once the writes had given up.
    let timersWhileWaiting = 0;
    for (let i = 0; i < 60; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (!writesSettled) timersWhileWaiting++;
    }
    const readWhileBlocked = await store.eventStore.readAll();
    other.exec('COMMIT');
    other.close();
    // then
    expect(timersWhileWaiting).toBe(60);
    expect(readWhileBlocked.map((e) => e.streamId)).toEqual(['before']);
    await expect(appended).resolves.toEqual({ nextExpectedVersion: 0, lastPosition: 2 });
    await expect(upserted).resolves.toBe(true);
    await store.close();
  });
});
