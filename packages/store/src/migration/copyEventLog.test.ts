import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../ports/events.js';
import type { StorePorts } from '../ports/StorePorts.js';
import { openSqliteStore } from '../sqlite/openSqliteStore.js';
import { copyEventLog, streamRuns, type CopyTarget } from './copyEventLog.js';

// Both sides are real SQLite stores; the target goes through the EventStore port, which (like
// KurrentDB) numbers positions its own way once a few unrelated events sit before the copy.
const opened: StorePorts[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

async function store(): Promise<StorePorts> {
  const s = await openSqliteStore({ file: ':memory:' });
  opened.push(s);
  return s;
}

/** A CopyTarget over the port, its positions offset by `offset` events another tenant wrote first. */
async function portTarget(
  offset = 0,
  tamper?: (run: readonly RecordedEvent[]) => readonly RecordedEvent[],
): Promise<{ target: CopyTarget; ports: StorePorts }> {
  const ports = await store();
  for (let i = 0; i < offset; i += 1) await ports.eventStore.append(`other-${i}`, [{ type: 'Elsewhere', data: {} }]);
  const mine = (events: readonly RecordedEvent[]) => events.filter((event) => !event.streamId.startsWith('other-'));
  const target: CopyTarget = {
    headPosition: async () => mine(await ports.eventStore.readAll({ maxCount: 10_000 })).at(-1)?.globalPosition ?? 0,
    appendRun: async (streamId, events) => {
      const first = events[0]?.streamVersion ?? 0;
      const written = tamper ? tamper(events) : events;
      await ports.eventStore.append(
        streamId,
        written.map((e) => ({ eventId: e.eventId, type: e.type, data: e.data, ...(e.metadata ? { metadata: e.metadata } : {}) })),
        { expectedVersion: first === 0 ? 'no_stream' : first - 1 },
      );
    },
    // Another tenant's events are skipped, page after page, as a namespaced KurrentDB read does.
    readAll: async (options = {}) => {
      const maxCount = options.maxCount ?? 1000;
      const found: RecordedEvent[] = [];
      let from = options.fromPosition ?? 0;
      for (;;) {
        const page = await ports.eventStore.readAll({ fromPosition: from, maxCount });
        found.push(...mine(page));
        if (page.length < maxCount || found.length >= maxCount) return found.slice(0, maxCount);
        from = page[page.length - 1]!.globalPosition;
      }
    },
  };
  return { target, ports };
}

async function sourceWithHistory(): Promise<StorePorts> {
  const source = await store();
  await source.eventStore.append('user-1', [{ type: 'SignedUp', data: { email: 'a@example.com' } }]);
  await source.eventStore.appendMultiStream([
    { streamId: 'dedupe-1', events: [{ type: 'Claimed', data: {} }], expectedVersion: 'no_stream' },
    {
      streamId: 'signal-1',
      events: [
        { type: 'Received', data: { size: 2 } },
        { type: 'Planned', data: {} },
      ],
      expectedVersion: 'no_stream',
    },
  ]);
  await source.eventStore.append('user-1', [{ type: 'KeysSaved', data: {}, metadata: { correlationId: 'c-1' } }]);
  await source.eventStore.append('signal-1', [{ type: 'Executed', data: { oid: 7 } }], { expectedVersion: 1 });
  return source;
}

describe('copyEventLog: a log copied into a store that numbers positions its own way', () => {
  it('given a log, when copied, then the target holds the same events in the same order with the same ids, versions, data and metadata, and checkpoints map to the same events', async () => {
    const source = await sourceWithHistory();
    const { target } = await portTarget(3);

    const result = await copyEventLog({ source: source.eventStore, target, positionsToMap: [0, 2, 4, 6], pageSize: 2 });

    const before = await source.eventStore.readAll();
    const after = await target.readAll({ maxCount: 100 });
    const shape = (events: readonly RecordedEvent[]) =>
      events.map(({ eventId, streamId, streamVersion, type, data, metadata }) => ({ eventId, streamId, streamVersion, type, data, metadata }));
    expect(shape(after)).toEqual(shape(before));
    expect(result).toMatchObject({ events: 6, sourcePosition: 6, targetPosition: 9 });
    expect([...result.mapped]).toEqual([
      [0, 0],
      [2, 5],
      [4, 7],
      [6, 9],
    ]);
  });

  it('given a target that already holds events, when copied into, then it is refused and nothing is written', async () => {
    const source = await sourceWithHistory();
    const { target, ports } = await portTarget();
    await ports.eventStore.append('user-9', [{ type: 'SignedUp', data: {} }]);

    await expect(copyEventLog({ source: source.eventStore, target })).rejects.toThrow('the target already holds events (its log reaches position 1)');
    expect(await ports.eventStore.headPosition()).toBe(1);
  });

  it('given a source that moves on during the copy, then the copy fails saying to stop its writers', async () => {
    const source = await sourceWithHistory();
    const { target } = await portTarget();
    let once = false;
    const moving = {
      readAll: source.eventStore.readAll.bind(source.eventStore),
      headPosition: async () => {
        if (!once) await source.eventStore.append('user-2', [{ type: 'SignedUp', data: {} }]);
        once = true;
        return source.eventStore.headPosition();
      },
    };
    await expect(copyEventLog({ source: moving, target })).rejects.toThrow(/the source log moved on during the copy \(its head is at 7, the copy reached 6\)/);
  });

  it('given a target that loses an event of a run, then the next append of that stream is refused by its expected version', async () => {
    const source = await sourceWithHistory();
    const { target } = await portTarget(0, (run) => (run.length > 1 ? run.slice(1) : run));
    await expect(copyEventLog({ source: source.eventStore, target })).rejects.toThrow('wrong expected version for stream "signal-1": expected 1, actual 0');
  });

  it('given a target that stores an event otherwise, when the logs are compared, then the copy is refused naming the first event that differs', async () => {
    const source = await sourceWithHistory();
    const { target } = await portTarget(0, (run) => run.map((event) => (event.type === 'KeysSaved' ? { ...event, type: 'Tampered' } : event)));
    await expect(copyEventLog({ source: source.eventStore, target })).rejects.toThrow(
      /the copy does not match at event 5: the source has KeysSaved \S+ \(user-1 version 1\), the target Tampered \S+ \(user-1 version 1\)/,
    );
  });

  it('given a page, then runs of one stream stay together and keep their order', () => {
    const at = (streamId: string, globalPosition: number) => ({ streamId, globalPosition }) as RecordedEvent;
    expect(streamRuns([at('a', 1), at('a', 2), at('b', 3), at('a', 4)]).map((run) => run.map((e) => e.globalPosition))).toEqual([[1, 2], [3], [4]]);
  });
});
