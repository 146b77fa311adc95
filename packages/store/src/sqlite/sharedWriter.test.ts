import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createThreadNotifier, type ThreadNotifier } from '../notifier/createThreadNotifier.js';
import { EVENTS_APPENDED_CHANNEL, type EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import { isWrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';
import { someEvents, waitFor } from '../testing/helpers.js';
import { openSqliteStore } from './openSqliteStore.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

describe("a store writing through another store's writer thread (shareWriter / writerPort)", () => {
  let file: string;
  let cleanup: () => void;
  beforeEach(() => ({ file, cleanup } = tempStoreFile()));
  afterEach(() => cleanup());

  it("given a second store on the first one's writer, when both append, then each append is committed once, conflicts come back as the store's errors, and the second store's subscribers are woken", async () => {
    const owner = await openSqliteStore({ file });
    const port = owner.shareWriter();
    expect(port).toBeDefined();
    const guest = await openSqliteStore({ file, writerPort: port, backgroundCheckpoints: false });
    try {
      const woken: number[] = [];
      guest.notifier.subscribe(EVENTS_APPENDED_CHANNEL, (message) => void woken.push((message as { position: number }).position));
      const [mine, theirs] = await Promise.all([owner.eventStore.append('a', someEvents(2)), guest.eventStore.append('b', someEvents(3))]);
      expect(mine.nextExpectedVersion).toBe(1);
      expect(theirs.nextExpectedVersion).toBe(2);
      expect((await owner.eventStore.readAll({ fromPosition: 0 })).map((e) => e.streamId).sort()).toEqual(['a', 'a', 'b', 'b', 'b']);

      const conflict = await guest.eventStore.append('a', someEvents(1), { expectedVersion: 'no_stream' }).catch((error: unknown) => error);
      expect(isWrongExpectedVersionError(conflict) && [conflict.streamId, conflict.actualVersion]).toEqual(['a', 1]);
      await waitFor(() => woken.includes(theirs.lastPosition), 5_000, "the guest's append notice");
      expect(guest.shareWriter()).toBeUndefined(); // only the owner of the thread shares it
    } finally {
      await guest.close();
      await owner.close();
    }
  });

  it('given the owner closed, when the guest writes, then the write is refused, never reported as written, and the guest heard once that its writer is gone', async () => {
    const owner = await openSqliteStore({ file });
    const gone: string[] = [];
    const guest = await openSqliteStore({
      file,
      writerPort: owner.shareWriter(),
      backgroundCheckpoints: false,
      onWriterGone: (error) => void gone.push(error.message),
    });
    await guest.eventStore.append('before', someEvents(1));
    await owner.close();
    await expect(guest.eventStore.append('after', someEvents(1))).rejects.toThrow(/writer thread is gone|store is closed/);
    await waitFor(() => gone.length > 0, 5_000, 'the writer-gone report');
    await guest.close();
    expect(gone).toEqual(["the store's writer thread is gone"]);
    const reopened = await openSqliteStore({ file });
    expect(await reopened.eventStore.readStream('after')).toEqual([]);
    await reopened.close();
  });

  it('given a guest that closes itself, when its port closes, then it does not report its writer gone', async () => {
    const owner = await openSqliteStore({ file });
    const gone: Error[] = [];
    const guest = await openSqliteStore({
      file,
      writerPort: owner.shareWriter(),
      backgroundCheckpoints: false,
      onWriterGone: (error) => void gone.push(error),
    });
    await guest.eventStore.append('mine', someEvents(1));
    await guest.close();
    await owner.eventStore.append('later', someEvents(1)); // the owner goes on: its writer is fine
    await owner.close();
    expect(gone).toEqual([]);
  });

  it('given thread notifiers, when both stores append, then the writer thread tells every thread itself, once per commit, and neither store relays a notice', async () => {
    const relayed: string[] = [];
    /** A thread notifier that records which of its own publications were append notices. */
    const recording = (name: string, inner: ThreadNotifier): ThreadNotifier => ({
      broadcastChannel: inner.broadcastChannel,
      publish(channel, message) {
        if (channel === EVENTS_APPENDED_CHANNEL) relayed.push(name);
        inner.publish(channel, message);
      },
      subscribe: (channel, handler) => inner.subscribe(channel, handler),
      close: () => inner.close(),
    });
    const listener = createThreadNotifier(file); // as another thread of the process would hold it
    const heard: EventsAppendedMessage[] = [];
    listener.subscribe(EVENTS_APPENDED_CHANNEL, (message) => void heard.push(message as EventsAppendedMessage));
    const owner = await openSqliteStore({ file, notifier: recording('owner', createThreadNotifier(file)) });
    const guest = await openSqliteStore({
      file,
      writerPort: owner.shareWriter(),
      backgroundCheckpoints: false,
      notifier: recording('guest', createThreadNotifier(file)),
    });
    try {
      const guestHeard: number[] = [];
      guest.notifier.subscribe(EVENTS_APPENDED_CHANNEL, (message) => void guestHeard.push((message as EventsAppendedMessage).position));
      const [mine, theirs] = await Promise.all([owner.eventStore.append('a', someEvents(2)), guest.eventStore.append('b', someEvents(3))]);
      const last = Math.max(mine.lastPosition, theirs.lastPosition);
      await waitFor(() => heard.some((notice) => notice.position === last), 5_000, "the last commit's notice");
      await waitFor(() => guestHeard.includes(last), 5_000, "the guest thread's subscribers woken");
      expect(relayed).toEqual([]);
      // Each commit told once: the notices cover the five events without overlapping.
      const covered = heard.flatMap((notice) =>
        Array.from({ length: notice.position - (notice.from ?? notice.position - 1) }, (_, i) => (notice.from ?? 0) + i + 1),
      );
      expect(covered.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await guest.close();
      await owner.close();
      listener.close();
    }
  });
});
