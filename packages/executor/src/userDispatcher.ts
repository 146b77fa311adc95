import type { RecordedEvent, SubscriptionBatch } from '@hyperhook/store';
import type { CheckpointTracker } from './checkpointTracker.js';
import { KeyedSerialQueue } from './keyedSerialQueue.js';

/** How an event's work ended: finished, or held back (left for the next run, the checkpoint stays before it). */
export type LaneOutcome = 'finished' | 'heldBack';

/** Options of {@link UserDispatcher}. */
export interface UserDispatcherOptions {
  /** The event's owner (see eventOwner.ts), or null to pass it by. */
  readonly ownerOf: (event: RecordedEvent) => string | null | Promise<string | null>;
  /** Whether the user is this process's (its partition). */
  readonly owns: (uid: string) => boolean;
  /** The work of one event; it runs after the earlier events of its user have finished. */
  readonly handle: (event: RecordedEvent, uid: string) => Promise<LaneOutcome>;
  readonly tracker: Pick<CheckpointTracker, 'take' | 'finish' | 'holdBack' | 'scannedTo' | 'open'>;
  /** Most events taken and unfinished at once (across users); further ones wait. */
  readonly maxInFlight: number;
  readonly isStopping: () => boolean;
}

/**
 * Routes a subscription's events to one serial lane per user, by the owner the event's record
 * names: each user's events run strictly in log order, different users concurrently. Events of
 * users outside the partition are passed by. Each event taken is reported to the tracker when it
 * finishes or is held back, so the checkpoint never passes unfinished work.
 */
export class UserDispatcher {
  readonly #options: UserDispatcherOptions;
  readonly #lanes = new KeyedSerialQueue();
  readonly #running = new Set<Promise<void>>();
  #waiters: Array<() => void> = [];

  constructor(options: UserDispatcherOptions) {
    this.#options = options;
  }

  /** Hands a batch's events to their lanes (waiting while maxInFlight are in flight); the subscription's onBatch. */
  async dispatch(batch: SubscriptionBatch): Promise<void> {
    const { ownerOf, owns, tracker, maxInFlight, isStopping } = this.#options;
    for (const event of batch.events) {
      if (isStopping()) return;
      const uid = await ownerOf(event);
      if (uid === null || !owns(uid)) continue;
      while (tracker.open >= maxInFlight) await this.#nextChange();
      if (isStopping()) return;
      this.#start(event, uid);
    }
    if (!isStopping()) tracker.scannedTo(batch.position);
  }

  /** Resolves once no event taken is unfinished. */
  async idle(): Promise<void> {
    while (this.#options.tracker.open > 0) await this.#nextChange();
  }

  /** Resolves once every lane task started has ended (on stop, after the subscription stopped). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.#running]);
  }

  #start(event: RecordedEvent, uid: string): void {
    const { handle, tracker } = this.#options;
    const position = event.globalPosition;
    tracker.take(position);
    const task = this.#lanes
      .run(uid, () => handle(event, uid))
      .then(
        (outcome) => (outcome === 'finished' ? tracker.finish(position) : tracker.holdBack(position)),
        // A handler is to report its failures as 'heldBack'; one that throws is held back all the same.
        () => tracker.holdBack(position),
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
