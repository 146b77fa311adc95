import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections, userStreamId } from '@hyperhook/domain';
import { activeGeneration, checkpointName, DEFAULT_PROJECTOR_NAME, toNewEvent } from '@hyperhook/eventsourcing';
import type { ThreadHeap } from '@hyperhook/store';
import { mainThreadNice, niceOfThreadsNamed, waitFor } from '@hyperhook/store/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { openEmbeddedStore } from './openEmbeddedStore.js';
import { ROLE_NICENESS } from './roleNiceness.js';
import { startRoleThread } from './startRoleThread.js';

const dirs: string[] = [];
const dataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-role-thread-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const unexpected = (error: Error): never => {
  throw error;
};

describe('startRoleThread: the projector of `hyperhook start` on its own thread', () => {
  it("given the api's store on the main thread, when a user signs up there, then the projector thread projects it, reports the position back and its change notice reaches the main thread, reports its heap, runs at the lowest priority; stop ends the thread", async () => {
    const config = loadConfig({ HYPERHOOK_DATA_DIR: dataDir(), HYPERHOOK_MASTER_KEY: Buffer.alloc(32, 7).toString('base64') });
    const store = await openEmbeddedStore(config, () => undefined, 'test', { threads: true });
    const projected: number[] = [];
    const heaps: ThreadHeap[] = [];
    const thread = startRoleThread(config, 'projector', {
      onProjected: (position) => void projected.push(position),
      onHeap: (heap) => void heaps.push(heap),
      onFailure: unexpected,
    });
    try {
      await thread.caughtUp;
      // Below the executor's thread, which is below the api's (the process's own priority).
      if (process.platform === 'linux') expect(niceOfThreadsNamed('hyperhook-proje')).toEqual([Math.max(ROLE_NICENESS.projector, mainThreadNice())]);
      expect(ROLE_NICENESS.projector).toBeGreaterThan(ROLE_NICENESS.executor);
      await waitFor(() => heaps.length > 0, 10_000, 'the thread reporting its heap');
      // A thread's heap is megabytes (its modules and the store), never nothing, in use and in the pages it holds.
      expect(heaps[0]?.usedBytes).toBeGreaterThan(2 ** 20);
      expect(heaps[0]?.physicalBytes).toBeGreaterThan(2 ** 20);
      const notices: string[] = [];
      store.notifier.subscribe('user.>', (_message, channel) => void notices.push(channel));
      const uid = 'u-thread-1';
      const appended = await store.eventStore.append(
        userStreamId(uid),
        [toNewEvent({ type: 'UserSignedUp', v: 1, data: { uid, email: 'thread@example.com', passwordHash: null, at: new Date().toISOString() } })],
        { expectedVersion: 'no_stream' },
      );

      await waitFor(() => projected.some((position) => position >= appended.lastPosition), 10_000, 'the projector thread to report the append');
      await waitFor(() => notices.includes(`user.${uid}`), 10_000, 'the change notice from the projector thread');
      expect(notices).toContain(`user.${uid}`);
    } finally {
      await thread.stop();
      await store.close();
    }
    // Its checkpoint was saved before the thread ended: a second projector starts from there.
    const reopened = await openEmbeddedStore(config, () => undefined);
    try {
      const generation = await activeGeneration(reopened.readStore, allProjections);
      expect(await reopened.checkpoints.get(checkpointName(DEFAULT_PROJECTOR_NAME, generation))).toBe(Math.max(...projected));
    } finally {
      await reopened.close();
    }
  });

  it('given a data dir that cannot hold a store, when the thread starts, then caughtUp rejects with the reason and the thread ends', async () => {
    const file = join(dataDir(), 'not-a-dir');
    writeFileSync(file, 'x');
    const thread = startRoleThread(loadConfig({ HYPERHOOK_DATA_DIR: file, HYPERHOOK_MASTER_KEY: Buffer.alloc(32, 7).toString('base64') }), 'projector', {
      onFailure: unexpected,
    });
    await expect(thread.caughtUp).rejects.toThrow(/projector failed to start: .*(EEXIST|ENOTDIR)/s);
    await thread.stop();
  });
});
