import { describe, expect, it } from 'vitest';
import type { ReadAllOptions } from '../ports/EventStore.js';
import type { EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import type { RecordedEvent } from '../ports/events.js';
import { waitFor } from '../testing/helpers.js';
import { startCatchUpSubscription, type CatchUpSource } from './startCatchUpSubscription.js';

/** A log in an array, with gaps in positions (like KurrentDB) and a manual wake-up. */
function fakeSource(positions: number[], pollIntervalMs = 1000) {
  const log: RecordedEvent[] = [];
  const listeners = new Set<(notice: EventsAppendedMessage | undefined) => void>();
  let failReads: Error | undefined;
  let reads = 0;
  const add = (position: number, streamId = 'a-1', type = 'T') =>
    log.push({ eventId: `e${position}`, streamId, streamVersion: log.length, globalPosition: position, type, data: null, recordedAt: 0 });
  positions.forEach((p) => add(p));
  const source: CatchUpSource = {
    async readAll({ fromPosition = 0, maxCount = 1000, filter }: ReadAllOptions) {
      reads += 1;
      if (failReads) throw failReads;
      return log
        .filter(
          (e) =>
            e.globalPosition > fromPosition &&
            (!filter?.streamPrefix || e.streamId.startsWith(filter.streamPrefix)) &&
            (!filter?.types || filter.types.includes(e.type)),
        )
        .slice(0, maxCount);
    },
    async headPosition() {
      return log.at(-1)?.globalPosition ?? 0;
    },
    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pollIntervalMs,
  };
  return {
    source,
    listeners,
    append(position: number, streamId?: string, notify = true) {
      add(position, streamId);
      if (notify) listeners.forEach((l) => l(undefined));
    },
    /** Appends a commit of events of `types` after the head and announces it as the SQLite store does, exactly. */
    commit(
      types: readonly string[],
      notice: (from: number, position: number) => EventsAppendedMessage = (from, position) => ({ from, position, types: [...new Set(types)] }),
    ) {
      const from = log.at(-1)?.globalPosition ?? 0;
      types.forEach((type, i) => add(from + i + 1, 'a-1', type));
      const message = notice(from, from + types.length);
      listeners.forEach((l) => l(message));
      return message;
    },
    reads: () => reads,
    failWith(error: Error | undefined) {
      failReads = error;
    },
  };
}

describe('startCatchUpSubscription', () => {
  it('given positions with gaps, then batches follow them and the wake-up delivers live events', async () => {
    const fake = fakeSource([10, 20, 35]);
    const seen: number[] = [];
    const subscription = startCatchUpSubscription(fake.source, { fromPosition: 10, onEvent: (e) => void seen.push(e.globalPosition) });
    await expect(subscription.caughtUp).resolves.toBe(35);
    fake.append(50);
    await waitFor(() => seen.length === 3, 2000, 'live event');
    expect(seen).toEqual([20, 35, 50]);
    await subscription.stop();
    expect(fake.listeners.size).toBe(0);
  });

  it('given no wake-up (another process appended), then polling the head finds the new events', async () => {
    const fake = fakeSource([1], 5);
    const seen: number[] = [];
    const subscription = startCatchUpSubscription(fake.source, { fromPosition: 0, onEvent: (e) => void seen.push(e.globalPosition) });
    await subscription.caughtUp;
    fake.append(2, 'a-1', false);
    await waitFor(() => seen.length === 2, 2000, 'polled event');
    await subscription.stop();
  });

  it('given a filter that skips everything, then an empty batch still moves the position to the head', async () => {
    const fake = fakeSource([1, 2, 3]);
    const positions: number[] = [];
    const subscription = startCatchUpSubscription(fake.source, {
      fromPosition: 0,
      filter: { streamPrefix: 'signal-' },
      onBatch: (b) => void positions.push(b.position),
    });
    await subscription.caughtUp;
    await subscription.stop();
    expect(positions).toEqual([3]);
    expect(subscription.position).toBe(3);
  });

  it('issue 32, point 3: given the store unreachable (a PostgreSQL restart: ECONNREFUSED, then the dropped connection), when it comes back, then the subscription reads on from where it was and delivers every event once', async () => {
    const fake = fakeSource([1, 2]);
    const seen: number[] = [];
    const subscription = startCatchUpSubscription(fake.source, { fromPosition: 0, onEvent: (e) => void seen.push(e.globalPosition) });
    await subscription.caughtUp;
    fake.failWith(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    fake.append(3);
    await waitFor(() => fake.reads() >= 4);
    fake.failWith(new Error('Connection terminated unexpectedly'));
    await waitFor(() => fake.reads() >= 6);
    fake.failWith(undefined);
    fake.append(4);
    await waitFor(() => seen.length === 4);
    await subscription.stop();

    expect(seen).toEqual([1, 2, 3, 4]);
    await expect(subscription.done).resolves.toBeUndefined();
  });

  it('given a failing read, then done and caughtUp reject', async () => {
    const fake = fakeSource([1]);
    fake.failWith(new Error('disk gone'));
    const subscription = startCatchUpSubscription(fake.source, { fromPosition: 0, onBatch: () => undefined });
    await expect(subscription.done).rejects.toThrow('disk gone');
    await expect(subscription.caughtUp).rejects.toThrow('disk gone');
  });

  it('given a pull subscription never iterated, when stopped, then done resolves and the wake-up is released', async () => {
    const fake = fakeSource([1]);
    const subscription = startCatchUpSubscription(fake.source, { fromPosition: 0 });
    await subscription.stop();
    await expect(subscription.done).resolves.toBeUndefined();
    await expect(subscription.caughtUp).rejects.toThrow(/stopped/);
    expect(fake.listeners.size).toBe(0);
  });

  it('given a pull subscription waiting for appends, when stopped, then the consumer loop ends', async () => {
    const fake = fakeSource([1]);
    const subscription = startCatchUpSubscription(fake.source, { fromPosition: 0 });
    const consumed: number[] = [];
    const loop = (async () => {
      for await (const batch of subscription) consumed.push(...batch.events.map((e) => e.globalPosition));
    })();
    await subscription.caughtUp;
    // The loop has taken the batch and gone on to wait for the next one.
    await waitFor(() => consumed.length === 1, 2000, 'the first batch');
    await subscription.stop();
    await loop;
    expect(consumed).toEqual([1]);
    expect(() => subscription[Symbol.asyncIterator]()).toThrow(/once/);
  });

  it('given a push subscription, then iterating it is refused', async () => {
    const fake = fakeSource([]);
    const subscription = startCatchUpSubscription(fake.source, { fromPosition: 0, onBatch: () => undefined });
    expect(() => subscription[Symbol.asyncIterator]()).toThrow(/handler/);
    await subscription.stop();
  });

  describe("exact append notices (the SQLite store's: the range and the types of a commit)", () => {
    /** A caught-up push subscription to type X, its batches, and the fake. */
    async function subscribedToX(types: readonly string[] | null = ['X']) {
      const fake = fakeSource([1, 2]);
      const batches: { position: number; events: number[] }[] = [];
      const subscription = startCatchUpSubscription(fake.source, {
        fromPosition: 0,
        ...(types === null ? {} : { filter: { types } }),
        onBatch: (b) => void batches.push({ position: b.position, events: b.events.map((e) => e.globalPosition) }),
      });
      await subscription.caughtUp;
      await waitFor(() => batches.length === 1, 2000, 'the first batch');
      return { fake, batches, subscription, readsBefore: fake.reads() };
    }

    it("given a subscription to type X at the head, when a commit of only other types is announced exactly, then it moves to the commit's position without reading the log", async () => {
      // given
      const { fake, batches, subscription, readsBefore } = await subscribedToX();
      // when
      fake.commit(['Y', 'Z']);
      // then
      await waitFor(() => batches.length === 2, 2000, 'the skip');
      expect(batches[1]).toEqual({ position: 4, events: [] });
      expect(subscription.position).toBe(4);
      expect(fake.reads()).toBe(readsBefore);
      await subscription.stop();
    });

    it('given that subscription, when commits of other types and then one with X are announced, then it skips the first and reads the one with X, delivering its event', async () => {
      // given
      const { fake, batches, subscription, readsBefore } = await subscribedToX();
      // when
      fake.commit(['Y']);
      await waitFor(() => subscription.position === 3, 2000, 'the skip');
      fake.commit(['Y', 'X']);
      // then
      await waitFor(() => batches.some((b) => b.events.length > 0), 2000, 'the event of type X');
      expect(batches.at(-1)).toEqual({ position: 5, events: [5] });
      expect(fake.reads()).toBe(readsBefore + 1);
      await subscription.stop();
    });

    it("given that subscription, when a notice starts elsewhere than its position (an earlier commit's notice still on its way), then it reads, and misses nothing of the commit not announced", async () => {
      // given
      const { fake, batches, subscription, readsBefore } = await subscribedToX();
      fake.append(3, 'a-1', false); // a commit whose notice has not arrived: type T
      // when: the next commit (4, Y) is announced exactly, from 3
      fake.commit(['Y']);
      // then
      await waitFor(() => subscription.position === 4, 2000, 'the read');
      expect(fake.reads()).toBe(readsBefore + 1);
      expect(batches.at(-1)).toEqual({ position: 4, events: [] });
      // and an event of X in a commit announced without range or types is read too
      fake.commit(['X'], (_from, position) => ({ position }));
      await waitFor(() => batches.at(-1)?.events.length === 1, 2000, 'the event of type X');
      expect(batches.at(-1)).toEqual({ position: 5, events: [5] });
      await subscription.stop();
    });

    it('given a subscription without a type filter (the projector), when a commit is announced exactly, then it reads as before', async () => {
      // given
      const { fake, batches, subscription, readsBefore } = await subscribedToX(null);
      // when
      fake.commit(['Y']);
      // then
      await waitFor(() => batches.at(-1)?.position === 3, 2000, 'the read');
      expect(batches.at(-1)).toEqual({ position: 3, events: [3] });
      expect(fake.reads()).toBe(readsBefore + 1);
      await subscription.stop();
    });

    it('given that subscription to X, when the same commit is announced twice (each thread that wrote in it does), then the second notice wakes nothing', async () => {
      // given
      const { fake, batches, subscription, readsBefore } = await subscribedToX();
      const notice = fake.commit(['Y']);
      await waitFor(() => subscription.position === 3, 2000, 'the skip');
      // when
      fake.listeners.forEach((l) => l(notice));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // then
      expect(batches.length).toBe(2);
      expect(fake.reads()).toBe(readsBefore);
      await subscription.stop();
    });
  });

  describe("append notices that carry the commit's events (the SQLite store's, for small commits)", () => {
    /** The commit's events as the notice carries them: JSON columns as text. */
    const withEvents =
      (types: readonly string[], streamId = 'a-1') =>
      (from: number, position: number): EventsAppendedMessage => ({
        from,
        position,
        types: [...new Set(types)],
        events: types.map(
          (type, i) =>
            [
              from + i + 1,
              streamId,
              i,
              `e${from + i + 1}`,
              type,
              JSON.stringify({ n: from + i + 1 }),
              i === 0 ? JSON.stringify({ userId: 'u-1' }) : null,
              7,
            ] as const,
        ),
      });

    async function subscribed(filter: { types?: readonly string[]; streamPrefix?: string } | null, maxBatchSize?: number) {
      const fake = fakeSource([1, 2]);
      const batches: { position: number; events: RecordedEvent[] }[] = [];
      const subscription = startCatchUpSubscription(fake.source, {
        fromPosition: 0,
        ...(filter === null ? {} : { filter }),
        ...(maxBatchSize === undefined ? {} : { maxBatchSize }),
        onBatch: (b) => void batches.push({ position: b.position, events: [...b.events] }),
      });
      await subscription.caughtUp;
      await waitFor(() => batches.length === 1, 2000, 'the first batch');
      return { fake, batches, subscription, readsBefore: fake.reads() };
    }

    it('given a caught-up subscription to X, when a commit with X is announced with its events, then it delivers the X events from the notice, parsed, without reading the log', async () => {
      // given
      const { fake, batches, subscription, readsBefore } = await subscribed({ types: ['X'] });
      // when
      fake.commit(['Y', 'X'], withEvents(['Y', 'X']));
      // then
      await waitFor(() => batches.length === 2, 2000, 'the batch from the notice');
      expect(batches[1]).toEqual({
        position: 4,
        events: [{ eventId: 'e4', streamId: 'a-1', streamVersion: 1, globalPosition: 4, type: 'X', data: { n: 4 }, recordedAt: 7 }],
      });
      expect(fake.reads()).toBe(readsBefore);
      await subscription.stop();
    });

    it('given a subscription without a type filter (the projector), when commits are announced with their events, then it delivers every event from the notices, metadata parsed, without reading', async () => {
      // given
      const { fake, batches, subscription, readsBefore } = await subscribed(null);
      // when
      fake.commit(['Y'], withEvents(['Y']));
      await waitFor(() => subscription.position === 3, 2000, 'the first commit');
      fake.commit(['Z', 'Y'], withEvents(['Z', 'Y']));
      // then
      await waitFor(() => subscription.position === 5, 2000, 'the second commit');
      const delivered = batches.slice(1).flatMap((b) => b.events);
      expect(delivered.map((e) => [e.globalPosition, e.type])).toEqual([
        [3, 'Y'],
        [4, 'Z'],
        [5, 'Y'],
      ]);
      expect(delivered[0]?.metadata).toEqual({ userId: 'u-1' });
      expect(fake.reads()).toBe(readsBefore);
      await subscription.stop();
    });

    it('given a subscription to a stream prefix, when a commit of other streams is announced with its events, then it moves on with an empty batch, and one of its streams is delivered', async () => {
      // given
      const { fake, batches, subscription, readsBefore } = await subscribed({ streamPrefix: 'signal-' });
      // when
      fake.commit(['Y'], withEvents(['Y'], 'user-1'));
      await waitFor(() => subscription.position === 3, 2000, 'the other stream');
      fake.commit(['Y'], withEvents(['Y'], 'signal-1'));
      // then
      await waitFor(() => subscription.position === 4, 2000, 'its stream');
      expect(batches.slice(1).map((b) => [b.position, b.events.map((e) => e.streamId)])).toEqual([
        [3, []],
        [4, ['signal-1']],
      ]);
      expect(fake.reads()).toBe(readsBefore);
      await subscription.stop();
    });

    it('given a notice with more events for it than its batch size, then it reads instead, in batches of that size', async () => {
      // given
      const { fake, batches, subscription, readsBefore } = await subscribed({ types: ['T', 'X'] }, 2);
      // when
      fake.commit(['X', 'X', 'X'], withEvents(['X', 'X', 'X']));
      // then
      await waitFor(() => subscription.position === 5, 2000, 'the reads');
      expect(fake.reads()).toBeGreaterThan(readsBefore);
      expect(batches.flatMap((b) => b.events.map((e) => e.globalPosition))).toEqual([1, 2, 3, 4, 5]);
      await subscription.stop();
    });

    it("given a notice with events that starts elsewhere than the subscription's position, then it reads and misses nothing", async () => {
      // given
      const { fake, batches, subscription, readsBefore } = await subscribed({ types: ['T', 'X'] });
      fake.append(3, 'a-1', false); // a commit whose notice has not arrived: type T
      // when
      fake.commit(['X'], withEvents(['X']));
      // then
      await waitFor(() => subscription.position === 4, 2000, 'the read');
      expect(fake.reads()).toBe(readsBefore + 1);
      expect(batches.flatMap((b) => b.events.map((e) => e.globalPosition))).toEqual([1, 2, 3, 4]);
      await subscription.stop();
    });
  });
});
