import type { BatchOutcome, OpenWork } from '@hyperhook/eventsourcing';
import type { RecordedEvent, SubscriptionBatch } from '@hyperhook/store';
import { KeyedSerialQueue } from './keyedSerialQueue.js';

/** How an event's work ended: finished, or held back (left for the next run, the checkpoint stays before it). */
export type LaneOutcome = 'finished' | 'heldBack';

/** Options of {@link UserDispatcher}. */
export interface UserDispatcherOptions {
  /** The event's owner (ownerOf of @hyperhook/eventsourcing), or null to pass it by. */
  readonly ownerOf: (event: RecordedEvent) => string | null | Promise<string | null>;
  /** Whether the user is this process's (its partition). */
  readonly owns: (uid: string) => boolean;
  /** The work of one event; it runs after the earlier events of its user have finished. */
  readonly handle: (event: RecordedEvent, uid: string) => Promise<LaneOutcome>;
  /** Most events taken and unfinished at once (across users); further ones wait. */
  readonly maxInFlight: number;
  readonly isStopping: () => boolean;
}

/**
 * Routes a follower's batches to one serial lane per user, by the owner the event's record
 * names: each user's events run strictly in log order, different users concurrently. Events of
 * users outside the partition are passed by. Each event taken is reported to the follower's open
 * work when it finishes or is held back, so the checkpoint never passes unfinished work.
 */
export class UserDispatcher {
  readonly #options: UserDispatcherOptions;
  readonly #lanes = new KeyedSerialQueue();
  readonly #running = new Set<Promise<void>>();
  #waiters: Array<() => void> = [];

  constructor(options: UserDispatcherOptions) {
    this.#options = options;
  }

  /**
   * Hands a batch's events to their lanes (waiting while maxInFlight are in flight); the
   * follower's handler. Once stopping, it takes no more and leaves the batch unfinished.
   */
  async dispatch(batch: SubscriptionBatch, work: OpenWork): Promise<BatchOutcome> {
    const { ownerOf, owns, maxInFlight, isStopping } = this.#options;
    for (const event of batch.events) {
      if (isStopping()) return 'leftUnfinished';
      const uid = await ownerOf(event);
      if (uid === null || !owns(uid)) continue;
      while (this.#running.size >= maxInFlight) await this.#nextChange();
      if (isStopping()) return 'leftUnfinished';
      this.#start(event, uid, work);
    }
    return isStopping() ? 'leftUnfinished' : undefined;
  }

  /** Runs `work` in `uid`'s lane, after the user's signals taken so far: work on a user's positions never interleaves with their alerts. */
  inLane(uid: string, work: () => Promise<void>): Promise<void> {
    return this.#lanes.run(uid, work);
  }

  /** Resolves once no event taken is unfinished. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await this.#nextChange();
  }

  /** Resolves once every lane task started has ended (on stop, after the subscription stopped). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.#running]);
  }

  #start(event: RecordedEvent, uid: string, work: OpenWork): void {
    const { handle } = this.#options;
    const piece = work.take(event.globalPosition);
    const task = this.#lanes
      .run(uid, () => handle(event, uid))
      .then(
        (outcome) => (outcome === 'finished' ? piece.finish() : piece.holdBack()),
        // A handler is to report its failures as 'heldBack'; one that throws is held back all the same.
        () => piece.holdBack(),
      )
      .finally(() => {
        this.#running.delete(task);
        this.#wake();
      });
    this.#running.add(task);
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }

  #nextChange(): Promise<void> {
    return new Promise<void>((resolve) => this.#waiters.push(resolve));
  }
}
