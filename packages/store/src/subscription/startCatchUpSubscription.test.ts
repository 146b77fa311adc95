import { describe, expect, it } from 'vitest';
import type { ReadAllOptions } from '../ports/EventStore.js';
import type { RecordedEvent } from '../ports/events.js';
import { waitFor } from '../testing/helpers.js';
import { startCatchUpSubscription, type CatchUpSource } from './startCatchUpSubscription.js';

/** A log in an array, with gaps in positions (like KurrentDB) and a manual wake-up. */
function fakeSource(positions: number[], pollIntervalMs = 1000) {
  const log: RecordedEvent[] = [];
  const listeners = new Set<() => void>();
  let failReads: Error | undefined;
  const add = (position: number, streamId = 'a-1') =>
    log.push({ eventId: `e${position}`, streamId, streamVersion: log.length, globalPosition: position, type: 'T', data: null, recordedAt: 0 });
  positions.forEach((p) => add(p));
  const source: CatchUpSource = {
    async readAll({ fromPosition = 0, maxCount = 1000, filter }: ReadAllOptions) {
      if (failReads) throw failReads;
      return log
        .filter((e) => e.globalPosition > fromPosition && (!filter?.streamPrefix || e.streamId.startsWith(filter.streamPrefix)))
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
      if (notify) listeners.forEach((l) => l());
    },
    failWith(error: Error) {
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
});
