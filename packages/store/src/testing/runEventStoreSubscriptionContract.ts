import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../ports/EventStore.js';
import type { RecordedEvent } from '../ports/events.js';
import type { SubscriptionBatch } from '../ports/Subscription.js';
import type { EventStoreCapabilities } from './runEventStoreContract.js';
import type { Closable, EventStorePorts, FixtureFactory } from './fixtures.js';
import { isStrictlyIncreasing, positionsOf, someEvents, waitFor } from './helpers.js';

/**
 * The catch-up subscription part of the EventStore contract (run by runEventStoreContract).
 */
export function runEventStoreSubscriptionContract(name: string, factory: FixtureFactory<EventStorePorts>, capabilities: EventStoreCapabilities = {}): void {
  describe(`EventStore subscription contract: ${name}`, () => {
    let open: Closable;
    let store: EventStore;

    beforeEach(async () => {
      const fixture = await factory();
      open = fixture;
      store = fixture.eventStore;
    });
    afterEach(async () => {
      await open.close();
    });

    it('given history, when writes continue from a timer during catch-up, then every event arrives once, in order, with no gap', async () => {
      // Given: some history across streams
      for (let i = 0; i < 20; i++) await store.append(`s-${i % 7}`, someEvents(1 + (i % 3)));
      // When: a timer keeps appending (1–4 events, random stream) while the subscription catches up and goes live
      const total = 1500;
      let appendedEvents = (await store.readAll({ maxCount: 10_000 })).length;
      const writer = setInterval(() => {
        if (appendedEvents >= total) return;
        const count = Math.min(1 + Math.floor(Math.random() * 4), total - appendedEvents);
        appendedEvents += count;
        void store.append(`s-${Math.floor(Math.random() * 7)}`, someEvents(count));
      }, 1);
      const received: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({ fromPosition: 0, maxBatchSize: 37, onEvent: (event) => void received.push(event) });
      let after: RecordedEvent | undefined;
      try {
        await waitFor(() => appendedEvents >= total, 20_000, 'the writer');
        await waitFor(() => received.length >= total, 10_000, 'all events');
        clearInterval(writer);
        // A later event bounds the wait: the subscription delivers in log order, so a duplicate
        // (or any late delivery) of the events above would arrive before it.
        await store.append('after-the-writer', someEvents(1, 'After'));
        await waitFor(() => received.at(-1)?.streamId === 'after-the-writer', 10_000, 'the later event');
        after = received.pop();
      } finally {
        clearInterval(writer);
        await subscription.stop();
      }
      // Then: exactly the log, in order
      const log = (await store.readAll({ maxCount: 10_000 })).filter((e) => e.eventId !== after?.eventId);
      expect(log).toHaveLength(total);
      expect(received.map((e) => e.eventId)).toEqual(log.map((e) => e.eventId));
      expect(new Set(received.map((e) => e.eventId)).size).toBe(total);
      expect(isStrictlyIncreasing(positionsOf(received))).toBe(true);
      if (capabilities.contiguousPositions) expect(positionsOf(received)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      for (const streamId of new Set(received.map((e) => e.streamId))) {
        const versions = received.filter((e) => e.streamId === streamId).map((e) => e.streamVersion);
        expect(versions).toEqual(versions.map((_, i) => i));
      }
    });

    it('given a checkpoint, when resubscribing from it, then only later events are delivered', async () => {
      await store.append('a-1', someEvents(5));
      const first: RecordedEvent[] = [];
      const one = store.subscribeToAll({ fromPosition: 0, onEvent: (e) => void first.push(e) });
      await one.caughtUp;
      await one.stop();
      const checkpoint = one.position;
      expect(checkpoint).toBe(first.at(-1)?.globalPosition);

      await store.append('a-1', someEvents(3, 'Later'));
      const second: RecordedEvent[] = [];
      const two = store.subscribeToAll({ fromPosition: checkpoint, onEvent: (e) => void second.push(e) });
      await two.caughtUp;
      await two.stop();
      expect(second.map((e) => e.type)).toEqual(['Later', 'Later', 'Later']);
      expect(second.every((e) => e.globalPosition > checkpoint)).toBe(true);
    });

    it('given history, then caughtUp resolves with the head after the history was handled, and batches say when they reach it', async () => {
      await store.append('a-1', someEvents(10));
      const batches: SubscriptionBatch[] = [];
      let handledWhenCaughtUp = -1;
      const subscription = store.subscribeToAll({
        fromPosition: 0,
        maxBatchSize: 4,
        onBatch: (batch) => void batches.push(batch),
        onCaughtUp: () => {
          handledWhenCaughtUp = batches.reduce((n, b) => n + b.events.length, 0);
        },
      });
      const head = await store.headPosition();
      await expect(subscription.caughtUp).resolves.toBe(head);
      await subscription.stop();
      expect(handledWhenCaughtUp).toBe(10);
      expect(batches.map((b) => b.events.length)).toEqual([4, 4, 2]);
      expect(batches.map((b) => b.caughtUp)).toEqual([false, false, true]);
      expect(batches.at(-1)?.position).toBe(head);
    });

    it('given an empty log, then the subscription is caught up at once and delivers the first append live', async () => {
      const received: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({ fromPosition: 0, onEvent: (e) => void received.push(e) });
      await expect(subscription.caughtUp).resolves.toBe(0);
      await store.append('a-1', someEvents(1));
      await waitFor(() => received.length === 1, 5000, 'the live event');
      await subscription.stop();
    });

    it('given the async-iterator form, when the consumer breaks, then the subscription ends', async () => {
      await store.append('a-1', someEvents(3));
      const subscription = store.subscribeToAll({ fromPosition: 0, maxBatchSize: 2 });
      const seen: number[] = [];
      for await (const batch of subscription) {
        seen.push(...positionsOf(batch.events));
        if (seen.length >= 3) break;
      }
      await expect(subscription.done).resolves.toBeUndefined();
      expect(seen).toHaveLength(3);
    });

    it('given a filter, then only matching events arrive and the position still moves past skipped ones', async () => {
      await store.append('user-1', someEvents(3, 'UserThing'));
      await store.append('signal-1', someEvents(2, 'SignalReceived'));
      await store.append('user-1', someEvents(4, 'UserThing'));
      const batches: SubscriptionBatch[] = [];
      const subscription = store.subscribeToAll({ fromPosition: 0, filter: { streamPrefix: 'signal-' }, onBatch: (b) => void batches.push(b) });
      await subscription.caughtUp;
      await subscription.stop();
      expect(batches.flatMap((b) => b.events.map((e) => e.streamId))).toEqual(['signal-1', 'signal-1']);
      expect(subscription.position).toBe(await store.headPosition());
    });

    it('given an async handler, then events are handled one at a time, never concurrently', async () => {
      await store.append('a-1', someEvents(20));
      let running = 0;
      let maxRunning = 0;
      let handled = 0;
      const subscription = store.subscribeToAll({
        fromPosition: 0,
        maxBatchSize: 3,
        onEvent: async () => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          await new Promise((resolve) => setTimeout(resolve, 1));
          running--;
          handled++;
        },
      });
      await subscription.caughtUp;
      await subscription.stop();
      expect(handled).toBe(20);
      expect(maxRunning).toBe(1);
    });

    it('given a handler that throws, then done rejects with that error and nothing more is delivered', async () => {
      await store.append('a-1', someEvents(5));
      const seen: number[] = [];
      const subscription = store.subscribeToAll({
        fromPosition: 0,
        onEvent: (event) => {
          seen.push(event.streamVersion);
          if (event.streamVersion === 2) throw new Error('projection bug');
        },
      });
      await expect(subscription.done).rejects.toThrow('projection bug');
      // A witness subscribed after it bounds the wait: both are woken by the same appends, the
      // failed one first, so a delivery to it would come before the witness has the new events.
      const witnessed: RecordedEvent[] = [];
      const witness = store.subscribeToAll({ fromPosition: 0, onEvent: (e) => void witnessed.push(e) });
      await witness.caughtUp;
      await store.append('a-1', someEvents(2));
      await waitFor(() => witnessed.length === 7, 10_000, 'the witness');
      await witness.stop();
      expect(seen).toEqual([0, 1, 2]);
    });

    it('given a live subscription, when stopped, then later appends are not delivered and done resolves', async () => {
      const received: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({ fromPosition: 0, onEvent: (e) => void received.push(e) });
      await subscription.caughtUp;
      // A witness subscribed after it bounds the wait: both would be woken by the same appends, the
      // stopped one first, so a delivery to it would come before the witness has the new events.
      const witnessed: RecordedEvent[] = [];
      const witness = store.subscribeToAll({ fromPosition: 0, onEvent: (e) => void witnessed.push(e) });
      await witness.caughtUp;
      await subscription.stop();
      await store.append('a-1', someEvents(2));
      await waitFor(() => witnessed.length === 2, 10_000, 'the witness');
      await witness.stop();
      expect(received).toEqual([]);
      await expect(subscription.done).resolves.toBeUndefined();
    });

    it('given bad options, then subscribing throws', () => {
      expect(() => store.subscribeToAll({ fromPosition: -1 })).toThrow();
      expect(() => store.subscribeToAll({ fromPosition: 0, maxBatchSize: 0 })).toThrow();
      expect(() => store.subscribeToAll({ fromPosition: 0, onEvent: () => undefined, onBatch: () => undefined })).toThrow();
    });
  });
}
