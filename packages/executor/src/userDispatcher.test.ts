import { OpenPositions, ownerInRecord } from '@hyperhook/eventsourcing';
import type { RecordedEvent, SubscriptionBatch } from '@hyperhook/store';
import { describe, expect, it, vi } from 'vitest';
import { UserDispatcher, type LaneOutcome } from './userDispatcher.js';

/** A promise the test resolves when it chooses. */
function gate() {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

/** A signal event at `position` whose metadata names `uid`; its data names someone else, to show it is not read. */
const eventOf = (position: number, uid: string): RecordedEvent => ({
  eventId: `e${position}`,
  streamId: `signal-s${position}`,
  streamVersion: 0,
  globalPosition: position,
  type: 'SignalReceived',
  data: { userId: 'not-the-owner' },
  metadata: { userId: uid },
  recordedAt: 0,
});

const batchOf = (events: RecordedEvent[], position = events.at(-1)?.globalPosition ?? 0): SubscriptionBatch => ({ events, position, caughtUp: true });

function dispatcher(
  handle: (event: RecordedEvent, uid: string) => Promise<LaneOutcome>,
  options: { owns?: (uid: string) => boolean; maxInFlight?: number } = {},
) {
  const positions = new OpenPositions(0);
  let stopping = false;
  const dispatcher = new UserDispatcher({
    ownerOf: ownerInRecord,
    owns: options.owns ?? (() => true),
    handle,
    maxInFlight: options.maxInFlight ?? 256,
    isStopping: () => stopping,
  });
  // As followLog hands a batch over: a batch the dispatcher did not leave unfinished counts as scanned.
  const d = {
    async dispatch(batch: SubscriptionBatch) {
      if ((await dispatcher.dispatch(batch, positions)) !== 'leftUnfinished') positions.scannedTo(batch.position);
    },
    idle: () => dispatcher.idle(),
  };
  return { d, positions, stop: () => (stopping = true) };
}

describe('UserDispatcher: per-user lanes routed by metadata.userId (issue 29, point 7)', () => {
  it("given events of two users, when the first user's first event is slow, then the other user runs meanwhile and the slow user's events stay in log order", async () => {
    const slow = gate();
    const done: string[] = [];
    const { d } = dispatcher(async (event, uid) => {
      if (event.globalPosition === 1) await slow.closed;
      done.push(`${uid}@${event.globalPosition}`);
      return 'finished';
    });

    await d.dispatch(batchOf([eventOf(1, 'a'), eventOf(2, 'a'), eventOf(3, 'b')]));
    await vi.waitFor(() => expect(done).toEqual(['b@3']));
    slow.open();
    await d.idle();

    expect(done).toEqual(['b@3', 'a@1', 'a@2']);
  });

  it('given events finishing out of order, when the earliest is still running, then the checkpoint stays before it; once it finishes, the checkpoint reaches the batch end', async () => {
    const slow = gate();
    const { d, positions } = dispatcher(async (event) => {
      if (event.globalPosition === 4) await slow.closed;
      return 'finished';
    });

    await d.dispatch(batchOf([eventOf(4, 'a'), eventOf(5, 'b'), eventOf(6, 'c')], 9));
    await vi.waitFor(() => expect(positions.open).toBe(1));
    expect(positions.watermark()).toBe(3);
    slow.open();
    await d.idle();

    expect(positions.watermark()).toBe(9);
  });

  it('given users outside the partition, then their events are passed by: not handled, not holding the checkpoint', async () => {
    const handled: string[] = [];
    const { d, positions } = dispatcher(
      async (_event, uid) => {
        handled.push(uid);
        return 'finished';
      },
      { owns: (uid) => uid === 'mine' },
    );

    await d.dispatch(batchOf([eventOf(1, 'theirs'), eventOf(2, 'mine')]));
    await d.idle();

    expect(handled).toEqual(['mine']);
    expect(positions.watermark()).toBe(2);
  });

  it('given an event whose handling is held back, then the checkpoint stays before it while later events finish', async () => {
    const { d, positions } = dispatcher(async (event) => (event.globalPosition === 2 ? 'heldBack' : 'finished'));

    await d.dispatch(batchOf([eventOf(1, 'a'), eventOf(2, 'b'), eventOf(3, 'c')]));
    await d.idle();

    expect(positions.watermark()).toBe(1);
  });

  it('given maxInFlight 1, when a batch of two users arrives, then the second waits until the first finishes', async () => {
    const first = gate();
    const started: number[] = [];
    const { d } = dispatcher(
      async (event) => {
        started.push(event.globalPosition);
        if (event.globalPosition === 1) await first.closed;
        return 'finished';
      },
      { maxInFlight: 1 },
    );

    const dispatching = d.dispatch(batchOf([eventOf(1, 'a'), eventOf(2, 'b')]));
    await vi.waitFor(() => expect(started).toEqual([1]));
    first.open();
    await dispatching;
    await d.idle();

    expect(started).toEqual([1, 2]);
  });

  it('given the executor stopping, when a batch arrives, then nothing is taken and the scan position stays', async () => {
    const handle = vi.fn(async () => 'finished' as const);
    const { d, positions, stop } = dispatcher(handle);
    stop();

    await d.dispatch(batchOf([eventOf(1, 'a')], 5));

    expect(handle).not.toHaveBeenCalled();
    expect(positions.watermark()).toBe(0);
  });
});
