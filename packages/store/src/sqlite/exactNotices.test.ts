import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENTS_APPENDED_CHANNEL, readAppendedNotice, type EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import { createInProcessNotifier } from '../notifier/createInProcessNotifier.js';
import { someEvents, waitFor } from '../testing/helpers.js';
import { openSqliteStore } from './openSqliteStore.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

describe('exact append notices on the SQLite store (what lets a filtered subscription skip reads)', () => {
  let file: string;
  let cleanup: () => void;
  beforeEach(() => ({ file, cleanup } = tempStoreFile()));
  afterEach(() => cleanup());

  it("given a store on its writer thread, when events are appended, then the notice names the commit's range and types and carries its events as stored; a repeated append, which writes nothing, is announced without them", async () => {
    // given
    const store = await openSqliteStore({ file });
    try {
      const notices: (EventsAppendedMessage | undefined)[] = [];
      store.notifier.subscribe(EVENTS_APPENDED_CHANNEL, (message) => void notices.push(readAppendedNotice(message)));
      const events = [
        { eventId: randomUUID(), type: 'A', data: {} },
        { eventId: randomUUID(), type: 'B', data: {} },
      ];
      // when
      await store.eventStore.append('s-1', events);
      await waitFor(() => notices.length === 1, 5_000, 'the first notice');
      await store.eventStore.append('s-1', events); // the same ids again: an idempotent repeat
      await waitFor(() => notices.length === 2, 5_000, 'the second notice');
      // then
      const stored = (await store.eventStore.readAll()).map((e) => [
        e.globalPosition,
        e.streamId,
        e.streamVersion,
        e.eventId,
        e.type,
        JSON.stringify(e.data),
        e.metadata === undefined ? null : JSON.stringify(e.metadata),
        e.recordedAt,
      ]);
      expect(notices[0]).toEqual({ from: 0, position: 2, types: ['A', 'B'], events: stored });
      expect(notices[1]).toEqual({ position: 2 });
    } finally {
      await store.close();
    }
  });

  it('given a store whose notices go over a message bus (a notifier of its own, as NATS), when events are appended, then the notice is exact but carries no events: the log is not copied onto the bus', async () => {
    // given
    const published: unknown[] = [];
    const bus = createInProcessNotifier();
    const store = await openSqliteStore({
      file,
      notifier: { publish: (channel, message) => (published.push(message), bus.publish(channel, message)), subscribe: bus.subscribe },
    });
    try {
      // when
      await store.eventStore.append('s-1', [{ eventId: randomUUID(), type: 'A', data: { secret: 'sealed' } }]);
      await waitFor(() => published.length === 1, 5_000, 'the notice');
      // then
      expect(published).toEqual([{ from: 0, position: 1, types: ['A'] }]);
    } finally {
      await store.close();
    }
  });

  it("given a subscription to one type on a second thread's store (the executor's layout), when both stores append many events of mixed types at once, then it delivers every event of its type, in order, and reaches the head", async () => {
    // given
    const owner = await openSqliteStore({ file });
    const guest = await openSqliteStore({ file, writerPort: owner.shareWriter(), backgroundCheckpoints: false });
    try {
      const delivered: number[] = [];
      const subscription = guest.eventStore.subscribeToAll({
        fromPosition: 0,
        filter: { types: ['X'] },
        onBatch: (batch) => void delivered.push(...batch.events.map((e) => e.globalPosition)),
      });
      await subscription.caughtUp;
      // when: rounds of concurrent appends, so commits hold several appends from both stores
      const types = ['X', 'Y', 'Z', 'Y'];
      for (let round = 0; round < 30; round += 1) {
        await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            (i % 2 === 0 ? owner : guest).eventStore.append(`s-${round}-${i}`, someEvents(1 + (i % 3), types[(round + i) % types.length])),
          ),
        );
      }
      // then
      const head = await owner.eventStore.headPosition();
      await waitFor(() => subscription.position === head, 5_000, 'the subscription at the head');
      const expected = (await owner.eventStore.readAll({ fromPosition: 0, filter: { types: ['X'] } })).map((e) => e.globalPosition);
      expect(expected.length).toBeGreaterThan(50);
      expect(delivered).toEqual(expected);
      await subscription.stop();
    } finally {
      await guest.close();
      await owner.close();
    }
  });
});
