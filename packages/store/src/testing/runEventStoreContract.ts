import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDuplicateEventIdError } from '../ports/DuplicateEventIdError.js';
import type { EventStore } from '../ports/EventStore.js';
import { EVENTS_APPENDED_CHANNEL } from '../ports/eventsAppendedChannel.js';
import { isWrongExpectedVersionError, WrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';
import { runEventStoreSubscriptionContract } from './runEventStoreSubscriptionContract.js';
import type { Closable, EventStorePorts, Fixture, FixtureFactory } from './fixtures.js';
import { itWhen, type AdapterCapabilities } from './fixtures.js';
import { eventsWithIds, isStrictlyIncreasing, positionsOf, someEvents, waitFor } from './helpers.js';

/** What an adapter guarantees beyond the port, so the suite can check it too. */
export type EventStoreCapabilities = AdapterCapabilities & {
  /** Positions are exactly 1, 2, 3, … (SQLite). KurrentDB positions have gaps. */
  readonly contiguousPositions?: boolean;
};

/**
 * The EventStore contract: every adapter must pass it. Call it from a `*.test.ts` file with a
 * factory that opens a fresh, empty store for each test.
 */
export function runEventStoreContract(name: string, factory: FixtureFactory<EventStorePorts>, capabilities: EventStoreCapabilities = {}): void {
  describe(`EventStore contract: ${name}`, () => {
    let fixture: Fixture<EventStorePorts>;
    let open: Closable;
    let store: EventStore;

    beforeEach(async () => {
      fixture = await factory();
      open = fixture;
      store = fixture.eventStore;
    });
    afterEach(async () => {
      await open.close();
    });

    describe('append and expected versions', () => {
      it('given no stream, when appending with no_stream, then versions start at 0 and the result names the last one', async () => {
        const result = await store.append('order-1', someEvents(3), { expectedVersion: 'no_stream' });
        const events = await store.readStream('order-1');
        expect(events.map((e) => e.streamVersion)).toEqual([0, 1, 2]);
        expect(result).toEqual({ nextExpectedVersion: 2, lastPosition: events[2]?.globalPosition });
      });

      it('given an existing stream, when appending with no_stream, then WrongExpectedVersion reports the actual version', async () => {
        await store.append('order-1', someEvents(2));
        const error = await store.append('order-1', someEvents(1), { expectedVersion: 'no_stream' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect(error).toMatchObject({ streamId: 'order-1', expectedVersion: 'no_stream', actualVersion: 1 });
      });

      it('given no stream, when appending with stream_exists, then it is refused; given the stream, then it appends', async () => {
        const error = await store.append('order-1', someEvents(1), { expectedVersion: 'stream_exists' }).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: 'WRONG_EXPECTED_VERSION', actualVersion: 'no_stream' });
        await store.append('order-1', someEvents(1), { expectedVersion: 'no_stream' });
        await expect(store.append('order-1', someEvents(1), { expectedVersion: 'stream_exists' })).resolves.toMatchObject({
          nextExpectedVersion: 1,
        });
      });

      it('given a stream at version 1, when appending with 1, then it appends; with a stale or future version, then it is refused', async () => {
        await store.append('order-1', someEvents(2));
        await expect(store.append('order-1', someEvents(1), { expectedVersion: 1 })).resolves.toMatchObject({ nextExpectedVersion: 2 });
        for (const stale of [0, 1, 3]) {
          const error = await store.append('order-1', someEvents(1), { expectedVersion: stale }).catch((e: unknown) => e);
          expect(isWrongExpectedVersionError(error)).toBe(true);
          expect(error).toMatchObject({ expectedVersion: stale, actualVersion: 2 });
        }
        expect(await store.readStream('order-1')).toHaveLength(3);
      });

      it('given no stream, when appending with a number, then it is refused as no_stream', async () => {
        const error = await store.append('order-1', someEvents(1), { expectedVersion: 0 }).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: 'WRONG_EXPECTED_VERSION', actualVersion: 'no_stream' });
      });

      it('given any state, when appending with any (or no option), then it always appends', async () => {
        await store.append('order-1', someEvents(1), { expectedVersion: 'any' });
        await store.append('order-1', someEvents(1));
        expect((await store.readStream('order-1')).map((e) => e.streamVersion)).toEqual([0, 1]);
      });

      it('given five concurrent appends expecting the same version, then exactly one wins', async () => {
        await store.append('order-1', someEvents(1));
        const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => store.append('order-1', someEvents(1), { expectedVersion: 0 })));
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(outcomes.filter((o) => o.status === 'rejected' && isWrongExpectedVersionError(o.reason))).toHaveLength(4);
        expect(await store.readStream('order-1')).toHaveLength(2);
      });

      it('given an invalid request, then it is rejected and nothing is written', async () => {
        await expect(store.append('order-1', [])).rejects.toThrow();
        await expect(store.append('', someEvents(1))).rejects.toThrow();
        await expect(store.append('order-1', [...someEvents(2), { eventId: 'not-a-uuid', type: 'X', data: {} }])).rejects.toThrow(/UUID/);
        await expect(store.append('order-1', [{ type: '', data: {} }])).rejects.toThrow();
        await expect(store.append('order-1', someEvents(1), { expectedVersion: -1 })).rejects.toThrow();
        expect(await store.headPosition()).toBe(0);
      });
    });

    describe('recorded events', () => {
      it('given an event with id, data and metadata, when read back, then every field round-trips', async () => {
        const eventId = randomUUID();
        const before = Date.now();
        await store.append('signal-1', [
          {
            eventId,
            type: 'SignalReceived',
            data: { symbol: 'BTC', size: 12.5, tags: ['a'], nested: { ok: true, none: null } },
            metadata: { correlationId: 'c-1', causationId: 'k-1', schemaVersion: 2 },
          },
        ]);
        const [event] = await store.readStream('signal-1');
        expect(event).toEqual({
          eventId,
          streamId: 'signal-1',
          streamVersion: 0,
          globalPosition: expect.any(Number),
          type: 'SignalReceived',
          data: { symbol: 'BTC', size: 12.5, tags: ['a'], nested: { ok: true, none: null } },
          metadata: { correlationId: 'c-1', causationId: 'k-1', schemaVersion: 2 },
          recordedAt: expect.any(Number),
        });
        expect(event?.recordedAt).toBeGreaterThanOrEqual(before - 1000);
      });

      it('given an event without id or metadata, then the store generates a UUID and leaves metadata out', async () => {
        await store.append('signal-1', [{ type: 'SignalReceived', data: 'plain' }]);
        const [event] = await store.readStream('signal-1');
        expect(event?.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(event?.metadata).toBeUndefined();
        expect(event?.data).toBe('plain');
      });

      it('given a stream, when reading with fromVersion and maxCount, then only that window comes back; an unknown stream is empty', async () => {
        await store.append('order-1', someEvents(5));
        expect((await store.readStream('order-1', { fromVersion: 2 })).map((e) => e.streamVersion)).toEqual([2, 3, 4]);
        expect((await store.readStream('order-1', { fromVersion: 1, maxCount: 2 })).map((e) => e.streamVersion)).toEqual([1, 2]);
        expect(await store.readStream('nope')).toEqual([]);
      });
    });

    describe('global order', () => {
      it('given interleaved appends to several streams, then readAll returns them in commit order with increasing positions', async () => {
        await store.append('a-1', someEvents(2, 'A', 0));
        await store.append('b-1', someEvents(1, 'B', 2));
        await store.append('a-1', someEvents(1, 'A', 3));
        await store.append('c-1', someEvents(2, 'C', 4));
        const all = await store.readAll();
        expect(all.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(all.map((e) => e.streamId)).toEqual(['a-1', 'a-1', 'b-1', 'a-1', 'c-1', 'c-1']);
        expect(isStrictlyIncreasing(positionsOf(all))).toBe(true);
        expect(await store.headPosition()).toBe(all.at(-1)?.globalPosition);
        if (capabilities.contiguousPositions) expect(positionsOf(all)).toEqual([1, 2, 3, 4, 5, 6]);
      });

      it('given an empty log, then the head is 0 and readAll is empty', async () => {
        expect(await store.headPosition()).toBe(0);
        expect(await store.readAll({ fromPosition: 0 })).toEqual([]);
      });

      it('given a log, when reading from a position, then the position itself is excluded and maxCount caps the page', async () => {
        await store.append('a-1', someEvents(5));
        const all = await store.readAll();
        const third = all[2]?.globalPosition as number;
        expect(positionsOf(await store.readAll({ fromPosition: third }))).toEqual(positionsOf(all.slice(3)));
        expect(positionsOf(await store.readAll({ fromPosition: 0, maxCount: 2 }))).toEqual(positionsOf(all.slice(0, 2)));
      });

      it('given several streams and types, when filtering by stream prefix and/or types, then only matches come back', async () => {
        await store.append('signal-1', [
          { type: 'SignalReceived', data: {} },
          { type: 'SignalExecuted', data: {} },
        ]);
        await store.append('user-1', [{ type: 'UserSignedUp', data: {} }]);
        await store.append('signal-2', [{ type: 'SignalReceived', data: {} }]);
        const pick = (events: Awaited<ReturnType<EventStore['readAll']>>) => events.map((e) => `${e.streamId}/${e.type}`);
        expect(pick(await store.readAll({ filter: { streamPrefix: 'signal-' } }))).toEqual([
          'signal-1/SignalReceived',
          'signal-1/SignalExecuted',
          'signal-2/SignalReceived',
        ]);
        expect(pick(await store.readAll({ filter: { types: ['SignalReceived', 'UserSignedUp'] } }))).toEqual([
          'signal-1/SignalReceived',
          'user-1/UserSignedUp',
          'signal-2/SignalReceived',
        ]);
        expect(pick(await store.readAll({ filter: { streamPrefix: 'signal-', types: ['SignalExecuted'] } }))).toEqual(['signal-1/SignalExecuted']);
        expect(await store.readAll({ filter: { types: [] } })).toEqual([]);
        expect(await store.readAll({ filter: { streamPrefix: 'signal_' } })).toEqual([]);
      });
    });

    describe('idempotent appends (KurrentDB semantics)', () => {
      it('given a committed append, when the same event ids are appended again with any, then nothing is written and the original result returns', async () => {
        const events = eventsWithIds(3);
        const first = await store.append('order-1', events);
        const again = await store.append('order-1', events);
        expect(again).toEqual(first);
        expect(await store.readAll()).toHaveLength(3);
      });

      it('given a retry with the original expected version after the stream moved on, then it is still a no-op success', async () => {
        const events = eventsWithIds(2);
        const first = await store.append('order-1', events, { expectedVersion: 'no_stream' });
        await store.append('order-1', someEvents(1));
        await expect(store.append('order-1', events, { expectedVersion: 'no_stream' })).resolves.toEqual(first);
        const second = eventsWithIds(1);
        const result = await store.append('order-1', second, { expectedVersion: 2 });
        await store.append('order-1', someEvents(1));
        await expect(store.append('order-1', second, { expectedVersion: 2 })).resolves.toEqual(result);
        expect(await store.readStream('order-1')).toHaveLength(5);
      });

      it('given stored ids, when repeated with an expected version the original could not have had, then WrongExpectedVersion', async () => {
        const events = eventsWithIds(1);
        await store.append('order-1', someEvents(1));
        await store.append('order-1', events, { expectedVersion: 0 });
        await expect(store.append('order-1', events, { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(store.append('order-1', events, { expectedVersion: 5 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      });

      it('given stored ids, when reused partly, in another order or in another stream, then DuplicateEventId and nothing is written', async () => {
        const events = eventsWithIds(2);
        await store.append('order-1', events);
        const [a, b] = events as [NonNullable<(typeof events)[0]>, NonNullable<(typeof events)[0]>];
        for (const attempt of [
          () => store.append('order-1', [a, ...eventsWithIds(1)]),
          () => store.append('order-1', [b, a]),
          () => store.append('order-2', events),
        ]) {
          const error = await attempt().catch((e: unknown) => e);
          expect(isDuplicateEventIdError(error)).toBe(true);
        }
        expect(await store.readAll()).toHaveLength(2);
      });

      it('given a stored append, when a contiguous part of it is repeated with any, then that is a no-op too (as in KurrentDB)', async () => {
        const events = eventsWithIds(3);
        await store.append('order-1', events);
        const [, second] = await store.readStream('order-1');
        await expect(store.append('order-1', events.slice(1, 2))).resolves.toEqual({ nextExpectedVersion: 1, lastPosition: second?.globalPosition });
        expect(await store.readAll()).toHaveLength(3);
      });

      it('given one append repeating an id, then DuplicateEventId', async () => {
        const [event] = eventsWithIds(1);
        await expect(store.append('order-1', [event!, event!])).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID' });
      });

      it('given the same append sent twice concurrently, then it is written once', async () => {
        const events = eventsWithIds(2);
        const [one, two] = await Promise.all([store.append('order-1', events), store.append('order-1', events)]);
        expect(two).toEqual(one);
        expect(await store.readAll()).toHaveLength(2);
      });
    });

    describe('multi-stream appends (KurrentDB semantics)', () => {
      it('given two new streams, when appended together, then both are written in request order with one result each', async () => {
        const results = await store.appendMultiStream([
          { streamId: 'claim-1', events: someEvents(1, 'Claimed'), expectedVersion: 'no_stream' },
          { streamId: 'order-1', events: someEvents(2), expectedVersion: 'no_stream' },
        ]);
        const all = await store.readAll();
        expect(all.map((e) => [e.streamId, e.streamVersion])).toEqual([
          ['claim-1', 0],
          ['order-1', 0],
          ['order-1', 1],
        ]);
        expect(results).toEqual([
          { nextExpectedVersion: 0, lastPosition: all[0]?.globalPosition },
          { nextExpectedVersion: 1, lastPosition: all[2]?.globalPosition },
        ]);
      });

      it('given a taken claim stream, when appended with a new stream, then WrongExpectedVersion names the claim and neither is written', async () => {
        await store.append('claim-1', someEvents(1, 'Claimed'));
        const error = await store
          .appendMultiStream([
            { streamId: 'order-1', events: someEvents(1), expectedVersion: 'no_stream' },
            { streamId: 'claim-1', events: someEvents(1, 'Claimed'), expectedVersion: 'no_stream' },
          ])
          .catch((e: unknown) => e);
        expect(isWrongExpectedVersionError(error)).toBe(true);
        expect(error).toMatchObject({ streamId: 'claim-1', expectedVersion: 'no_stream', actualVersion: 0 });
        expect(await store.readStream('order-1')).toEqual([]);
        expect(await store.readAll()).toHaveLength(1);
      });

      it('given one event id in two requests, then DuplicateEventId and nothing is written', async () => {
        const [event] = eventsWithIds(1);
        const error = await store
          .appendMultiStream([
            { streamId: 'order-1', events: [event!] },
            { streamId: 'order-2', events: [event!] },
          ])
          .catch((e: unknown) => e);
        expect(isDuplicateEventIdError(error)).toBe(true);
        expect(await store.readAll()).toEqual([]);
      });

      it('given no requests, then it is refused', async () => {
        await expect(store.appendMultiStream([])).rejects.toThrow(/at least one/);
      });

      it('given two multi-stream appends racing for one claim, then exactly one is written', async () => {
        const attempt = (n: number) =>
          store.appendMultiStream([
            { streamId: 'claim-1', events: someEvents(1, 'Claimed'), expectedVersion: 'no_stream' },
            { streamId: `order-${n}`, events: someEvents(1), expectedVersion: 'no_stream' },
          ]);
        const outcomes = await Promise.allSettled([attempt(1), attempt(2)]);
        expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect((await store.readAll()).map((e) => e.streamId).filter((id) => id.startsWith('order-'))).toHaveLength(1);
      });
    });

    describe('notifications', () => {
      itWhen(
        capabilities.announcesAppends,
        'given a subscriber to the appended channel, when an append commits, then the notice arrives afterwards and the event is readable',
        async () => {
          const notifier = fixture.notifier;
          if (!notifier) throw new Error('an adapter that announces appends must provide its notifier');
          // Each notice in arrival order, with how many events its handler could read at its position.
          const seen: { position: number; readable?: number }[] = [];
          const unsubscribe = notifier.subscribe(EVENTS_APPENDED_CHANNEL, async (message) => {
            const notice: { position: number; readable?: number } = { position: (message as { position: number }).position };
            seen.push(notice);
            notice.readable = (await store.readAll({ fromPosition: notice.position - 1, maxCount: 1 })).length;
          });
          const { lastPosition } = await store.append('order-1', someEvents(1));
          // A later append's notice bounds the wait: notices arrive in commit order, so a repeated
          // notice of the first would come before it.
          const later = await store.append('order-2', someEvents(1));
          await waitFor(() => seen.some((s) => s.position === later.lastPosition) && seen.every((s) => s.readable !== undefined), 2000, 'the later notice');
          unsubscribe();
          expect(lastPosition).toBeGreaterThan(0);
          expect(seen).toEqual([
            { position: lastPosition, readable: 1 },
            { position: later.lastPosition, readable: 1 },
          ]);
        },
      );
    });

    if (capabilities.durable)
      describe('durability', () => {
        itWhen(capabilities.durable, 'given appended events, when the store is closed and reopened, then nothing is lost', async () => {
          if (!fixture.reopen) throw new Error('a durable adapter must provide reopen');
          await store.append('order-1', someEvents(3));
          await store.append('order-2', someEvents(2));
          const before = await store.readAll();
          await fixture.close();
          const reopened = await fixture.reopen();
          open = reopened;
          expect(await reopened.eventStore.readAll()).toEqual(before);
          await expect(reopened.eventStore.append('order-1', someEvents(1), { expectedVersion: 2 })).resolves.toMatchObject({
            nextExpectedVersion: 3,
          });
        });
      });
  });

  runEventStoreSubscriptionContract(name, factory, capabilities);
}
