import type { GlobalPosition, RecordedEvent, SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempSqliteStore } from '../testing/storeFixture.js';
import { followLog, type LogFollower } from './followLog.js';
import { namedCheckpoint } from './logCheckpoint.js';
import { ResumeFromCheckpoint } from './resumeFromCheckpoint.js';

let store: SqliteStore;
let cleanup: () => Promise<void>;
const followers: LogFollower[] = [];

beforeEach(async () => {
  ({ store, cleanup } = await tempSqliteStore());
});
afterEach(async () => {
  for (const follower of followers.splice(0)) await follower.stop();
  await cleanup();
});

/** Appends `count` events to `streamId`; resolves the last one's position. */
async function append(streamId: string, count = 1, type = 'Happened'): Promise<GlobalPosition> {
  const events = Array.from({ length: count }, (_, n) => ({ type, data: { n } }));
  return (await store.eventStore.append(streamId, events)).lastPosition;
}

function follow(options: Omit<Parameters<typeof followLog>[0], 'eventStore' | 'onError'> & { onError?: (error: unknown) => void }): LogFollower {
  const follower = followLog({ eventStore: store.eventStore, onError: () => undefined, ...options });
  followers.push(follower);
  return follower;
}

describe('followLog: the one way a process follows the log (issue 40, point 2)', () => {
  it('issue 40, point 2: given a stored checkpoint, when a follower starts, then it hands over only the events after it, and stores how far it handled them', async () => {
    // given
    await append('user-a', 3);
    await store.checkpoints.set('reader', 2);
    const seen: number[] = [];
    // when
    const follower = follow({
      checkpoint: namedCheckpoint(store.checkpoints, 'reader'),
      saving: { kind: 'afterBatch', idleMs: 0 },
      handle: (batch) => void seen.push(...batch.events.map((event) => event.globalPosition)),
    });
    // then
    expect(await follower.started).toBe(2);
    await follower.caughtUp;
    expect(seen).toEqual([3]);
    const later = await append('user-a', 2);
    await vi.waitFor(async () => expect(await store.checkpoints.get('reader')).toBe(later));
    expect(seen).toEqual([3, 4, 5]);
  });

  it('issue 40, point 2: given no stored checkpoint and a follower that starts at the head, then history is not handed over, only what is appended later', async () => {
    // given
    await append('user-a', 3);
    const seen: number[] = [];
    // when
    const follower = follow({ startAt: 'head', handle: (batch) => void seen.push(...batch.events.map((event) => event.globalPosition)) });
    expect(await follower.started).toBe(3);
    const later = await append('user-b');
    // then
    await vi.waitFor(() => expect(seen).toEqual([later]));
  });

  it('issue 40, point 2: given work that finishes out of order, when the later event is done first, then the checkpoint stays before the earlier one until it is done too', async () => {
    // given
    const positions = [await append('user-a'), await append('user-b')];
    const finishes: Array<() => void> = [];
    const follower = follow({
      checkpoint: namedCheckpoint(store.checkpoints, 'lanes'),
      saving: { kind: 'behind', intervalMs: 5 },
      handle: (batch, work) => {
        for (const event of batch.events) {
          finishes.push(work.take(event.globalPosition).finish);
        }
      },
    });
    await follower.caughtUp;
    // when
    finishes[1]?.();
    // then
    await vi.waitFor(async () => expect(await store.checkpoints.get('lanes')).toBe((positions[0] ?? 0) - 1));
    expect(follower.open).toBe(1);
    finishes[0]?.();
    await vi.waitFor(async () => expect(await store.checkpoints.get('lanes')).toBe(positions[1]));
  });

  it('issue 40, point 2: given a handler that fails once, when the follower retries, then the failure is reported and the batch is handed over again from the stored checkpoint', async () => {
    // given
    const last = await append('user-a', 2);
    const errors: unknown[] = [];
    let failures = 1;
    const seen: number[][] = [];
    // when
    const follower = follow({
      checkpoint: namedCheckpoint(store.checkpoints, 'retrying'),
      saving: { kind: 'afterBatch', idleMs: 0 },
      retry: { delayMs: 5 },
      onError: (error) => errors.push(error),
      handle: (batch) => {
        seen.push(batch.events.map((event) => event.globalPosition));
        if (failures-- > 0) throw new Error('projection failed');
      },
    });
    // then
    await follower.caughtUp;
    expect(errors).toEqual([new Error('projection failed')]);
    expect(seen).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(await store.checkpoints.get('retrying')).toBe(last);
  });

  it('issue 40, point 2: given a follower without retry, when its handler fails, then the failure is reported once and it ends', async () => {
    await append('user-a');
    const errors: unknown[] = [];
    const follower = follow({ onError: (error) => errors.push(error), handle: () => Promise.reject(new Error('boom')) });
    await expect(follower.caughtUp).rejects.toThrow('boom');
    expect(errors).toHaveLength(1);
  });

  it('issue 40, point 2: given a handler asking to resume from the checkpoint, then the follower loads it again at once, reporting nothing', async () => {
    // given: the checkpoint moves under the follower (another process, a switched generation)
    await append('user-a', 4);
    const errors: unknown[] = [];
    const resumed: number[] = [];
    let moved = false;
    const follower = follow({
      checkpoint: { load: async () => (moved ? 3 : 0) },
      onResume: (from) => resumed.push(from),
      onError: (error) => errors.push(error),
      handle: () => {
        if (moved) return;
        moved = true;
        throw new ResumeFromCheckpoint('moved');
      },
    });
    // then
    await follower.caughtUp;
    expect(resumed).toEqual([0, 3]);
    expect(errors).toEqual([]);
  });

  it("issue 40, point 2: given work taken before a restart, when it reports done after the restart took the event again, then the new run's work stays open", async () => {
    // given: the first run takes the event and restarts before its work is done
    await append('user-a');
    const pieces: Array<{ finish: () => void }> = [];
    const follower = follow({
      checkpoint: { load: async () => 0 },
      handle: (batch, work) => {
        for (const event of batch.events) pieces.push(work.take(event.globalPosition));
        if (pieces.length === 1) throw new ResumeFromCheckpoint('restart');
      },
    });
    await follower.caughtUp;
    expect(follower.open).toBe(1);
    // when: the first run's work reports, late, and twice
    pieces[0]?.finish();
    pieces[0]?.finish();
    // then: the second run's piece of the same event is still open
    expect(pieces).toHaveLength(2);
    expect(follower.open).toBe(1);
    pieces[1]?.finish();
    expect(follower.open).toBe(0);
  });

  it('issue 40, point 2: given a handler that leaves a batch unfinished while stopping, then the batch does not count as scanned and the checkpoint stays before it', async () => {
    // given
    const first = await append('user-a');
    const checkpoint = namedCheckpoint(store.checkpoints, 'partial');
    let stopping = false;
    const follower = follow({
      checkpoint,
      saving: { kind: 'afterBatch', idleMs: 60_000 },
      handle: (batch: { events: readonly RecordedEvent[] }) => (stopping && batch.events.length > 0 ? 'leftUnfinished' : 'acted'),
    });
    await vi.waitFor(async () => expect(await store.checkpoints.get('partial')).toBe(first));
    // when
    stopping = true;
    await append('user-a');
    await vi.waitFor(() => expect(follower.position).toBeGreaterThan(first));
    await follower.stop();
    // then
    expect(await store.checkpoints.get('partial')).toBe(first);
  });

  it('issue 40, point 2: given batches that did nothing within the idle interval, then the checkpoint is written for the first, left behind for the rest, at once after one that acted, and on stop', async () => {
    // given
    let now = 0;
    let act = false;
    const follower = follow({
      checkpoint: namedCheckpoint(store.checkpoints, 'idle'),
      saving: { kind: 'afterBatch', idleMs: 1_000, now: () => now },
      handle: () => (act ? 'acted' : undefined),
    });
    await follower.started;
    // when / then
    const first = await append('user-a');
    await vi.waitFor(async () => expect(await store.checkpoints.get('idle')).toBe(first));
    now = 10;
    const second = await append('user-a');
    await vi.waitFor(() => expect(follower.scanned).toBe(second));
    expect(await store.checkpoints.get('idle')).toBe(first);
    act = true;
    const third = await append('user-a');
    await vi.waitFor(async () => expect(await store.checkpoints.get('idle')).toBe(third));
    act = false;
    const fourth = await append('user-a');
    await vi.waitFor(() => expect(follower.scanned).toBe(fourth));
    expect(await store.checkpoints.get('idle')).toBe(third);
    await follower.stop();
    expect(await store.checkpoints.get('idle')).toBe(fourth);
  });
});
