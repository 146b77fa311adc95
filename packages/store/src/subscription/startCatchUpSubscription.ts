import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { assertInteger } from '../guards/assertions.js';
import { matchesEventFilter } from '../guards/matchesEventFilter.js';
import type { ReadAllOptions } from '../ports/EventStore.js';
import { asStoreUnavailable, isStoreUnavailableError } from '../ports/StoreUnavailableError.js';
import type { EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import type { GlobalPosition, RecordedEvent } from '../ports/events.js';
import { recordedEventOfRow } from '../rows/recordedEventOfRow.js';
import type { SubscribeToAllOptions, Subscription, SubscriptionBatch } from '../ports/Subscription.js';

/** What a catch-up subscription needs from an event store; any adapter with a global log can provide it. */
export type CatchUpSource = {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  headPosition(): Promise<GlobalPosition>;
  /**
   * Registers a "the log may have grown" callback (in-process wake-up), with the store's notice
   * when it has one; returns its unsubscribe.
   */
  onAppended(listener: (notice: EventsAppendedMessage | undefined) => void): () => void;
  /** While idle, how often to poll `headPosition`: the wake-up for appends made by other processes. */
  readonly pollIntervalMs: number;
};

const DEFAULT_MAX_BATCH_SIZE = 500;
const MAX_BATCH_SIZE = 10_000;

/** The first wait after a read that found the store unreachable; it doubles up to the most. */
const UNREACHABLE_RETRY_FIRST_MS = 100;
const UNREACHABLE_RETRY_MAX_MS = 5_000;

/** A store that cannot be reached now (a connection refused or dropped), as opposed to a read that fails by itself. */
function isUnreachable(error: unknown): boolean {
  const classified = asStoreUnavailable(error);
  return isStoreUnavailableError(classified) && classified.reason === 'unreachable';
}

/**
 * Starts a catch-up subscription over `source` (see the Subscription port). It polls the log in
 * batches until a read comes back short (caught up), then sleeps until woken by `onAppended`
 * or until a poll of `headPosition` shows new events. A filtered read never reports how far it
 * scanned, so the head is read *before* each batch: a short read proves everything up to that
 * head was scanned, and the batch position can move past events the filter skipped.
 *
 * A notice that is exact (the range and the types of a commit, see EventsAppendedMessage) and
 * starts at the subscription's position spares the read when the filter takes none of its types:
 * the subscription hands over an empty batch at the notice's position. In `hyperhook start` the
 * executor's four subscriptions read for every commit of the process, three times in four for
 * nothing. When the notice carries the commit's events, the subscription hands over those its
 * filter takes, and reads nothing either: a live subscription then reads only to catch up.
 */
export function startCatchUpSubscription(source: CatchUpSource, options: SubscribeToAllOptions): Subscription {
  return new CatchUpSubscription(source, options);
}

class CatchUpSubscription implements Subscription {
  readonly caughtUp: Promise<GlobalPosition>;
  readonly done: Promise<void>;
  position: GlobalPosition;

  private readonly maxBatchSize: number;
  private readonly batches: AsyncGenerator<SubscriptionBatch, void, undefined>;
  private readonly pushMode: boolean;
  private readonly unsubscribe: () => void;
  private stopped = false;
  private woken = false;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private iterated = false;
  private finished = false;
  private isCaughtUp = false;
  private resolveCaughtUp!: (position: GlobalPosition) => void;
  private rejectCaughtUp!: (error: unknown) => void;
  private settlePull: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  /**
   * Between reads: how far the notices since the last one took the subscription without a read,
   * with the events they carried that its filter takes (undefined: no such notice; null: a read
   * is needed).
   */
  private ahead: { readonly position: GlobalPosition; readonly events: RecordedEvent[] } | null | undefined;
  /** From the head read before a batch until its position is taken: a notice then cannot be checked against the position. */
  private reading = false;
  /** Reads in a row that found the store unreachable (the backoff grows with them). */
  private unreachableReads = 0;

  constructor(
    private readonly source: CatchUpSource,
    private readonly options: SubscribeToAllOptions,
  ) {
    assertInteger(options.fromPosition, 'fromPosition');
    this.maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
    assertInteger(this.maxBatchSize, 'maxBatchSize', 1);
    if (this.maxBatchSize > MAX_BATCH_SIZE) throw new RangeError(`maxBatchSize must be ≤ ${MAX_BATCH_SIZE}`);
    if (options.onEvent && options.onBatch) throw new TypeError('give onEvent or onBatch, not both');

    this.position = options.fromPosition;
    this.caughtUp = new Promise<GlobalPosition>((resolve, reject) => {
      this.resolveCaughtUp = resolve;
      this.rejectCaughtUp = reject;
    });
    this.caughtUp.catch(() => undefined); // a signal, not the error channel: `done` reports failures
    this.unsubscribe = source.onAppended((notice) => {
      // Each thread that wrote in a commit announces it: a notice of what was already read or skipped says nothing new.
      if (notice !== undefined && notice.position <= this.scannedTo) return;
      this.ahead = this.aheadAfter(notice);
      this.woken = true;
      this.wake?.();
    });
    this.batches = this.read();
    this.pushMode = options.onEvent !== undefined || options.onBatch !== undefined;
    if (this.pushMode) {
      this.done = this.drive();
    } else {
      this.done = new Promise<void>((resolve, reject) => {
        this.settlePull = { resolve, reject };
      });
      this.done.catch(() => undefined); // the consumer already receives the error from the iterator
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<SubscriptionBatch> {
    if (this.pushMode) throw new TypeError('this subscription has a handler; it cannot also be iterated');
    if (this.iterated) throw new TypeError('a subscription can be iterated only once');
    this.iterated = true;
    return this.batches;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    if (this.pushMode) {
      await this.done.catch(() => undefined);
    } else if (this.iterated) {
      await this.batches.return(undefined);
    } else {
      this.finish(undefined); // a generator that never started skips its finally block
    }
  }

  /** Push mode: hands batches (or events) to the handler one at a time. */
  private async drive(): Promise<void> {
    // Let the constructor return (and `done` be assigned) before the first handler call.
    await Promise.resolve();
    for await (const batch of this.batches) {
      if (this.options.onBatch) {
        await this.options.onBatch(batch);
      } else if (this.options.onEvent) {
        for (const event of batch.events) await this.options.onEvent(event);
      }
    }
  }

  /** How far the log is known to hold nothing more for this subscription: its position, or where the notices since its last read took it. */
  private get scannedTo(): GlobalPosition {
    return this.ahead ? this.ahead.position : this.position;
  }

  /**
   * Where the notices so far (this one, which is ahead, included) let the subscription go without
   * a read, and what they carried for it. A notice must be exact and start where the subscription
   * stands (or where the notices before it led); then it has no type the filter takes, or it
   * carries its events. Else null: a read.
   */
  private aheadAfter(notice: EventsAppendedMessage | undefined): { position: GlobalPosition; events: RecordedEvent[] } | null {
    if (this.reading || this.ahead === null || notice === undefined) return null;
    if (notice.from !== this.scannedTo || notice.types === undefined) return null;
    // Not yet handed over (read() takes it whole), so it is extended in place.
    const events = this.ahead?.events ?? [];
    const { filter } = this.options;
    const wanted = filter?.types;
    if (wanted !== undefined && !notice.types.some((type) => wanted.includes(type))) return { position: notice.position, events };
    if (notice.events === undefined) return null;
    const taken = notice.events.filter((row) => matchesEventFilter(filter, row[1], row[4]));
    if (events.length + taken.length > this.maxBatchSize) return null;
    for (const row of taken) events.push(recordedEventOfRow(row));
    return { position: notice.position, events };
  }

  private async *read(): AsyncGenerator<SubscriptionBatch, void, undefined> {
    let failure: unknown;
    try {
      while (!this.stopped) {
        this.woken = false; // cleared before reading: an append committed during the read sets it again
        const ahead = this.ahead;
        this.ahead = undefined;
        if (ahead && this.isCaughtUp) {
          this.position = ahead.position;
          yield { events: ahead.events, position: ahead.position, caughtUp: true };
          if (this.stopped) return;
          await this.waitForAppends();
          continue;
        }
        this.reading = true;
        let head: GlobalPosition;
        let events: RecordedEvent[];
        try {
          head = await this.source.headPosition();
          events = await this.source.readAll({ fromPosition: this.position, maxCount: this.maxBatchSize, filter: this.options.filter });
        } catch (error) {
          if (!isUnreachable(error)) throw error;
          // A database restart or failover: the same read goes again once it is back, from the
          // same position, rather than ending the subscription and leaving its consumer idle.
          this.unreachableReads += 1;
          await this.pause(Math.min(UNREACHABLE_RETRY_MAX_MS, UNREACHABLE_RETRY_FIRST_MS * 2 ** (this.unreachableReads - 1)));
          continue;
        } finally {
          this.reading = false;
        }
        this.unreachableReads = 0;
        if (this.stopped) return;
        const full = events.length === this.maxBatchSize;
        const last = events.at(-1)?.globalPosition ?? this.position;
        const position = full ? last : Math.max(head, last);
        if (events.length > 0 || position > this.position) {
          this.position = position;
          yield { events, position, caughtUp: !full };
          if (this.stopped) return;
        }
        if (full) {
          await yieldToEventLoop(); // a long catch-up must not starve timers and I/O
        } else {
          this.markCaughtUp();
          await this.waitForAppends();
        }
      }
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      this.finish(failure);
    }
  }

  private markCaughtUp(): void {
    if (this.isCaughtUp) return;
    this.isCaughtUp = true;
    this.resolveCaughtUp(this.position);
    this.options.onCaughtUp?.(this.position);
  }

  private async waitForAppends(): Promise<void> {
    while (!this.stopped && !this.woken) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.source.pollIntervalMs);
      });
      clearTimeout(this.timer);
      this.wake = undefined;
      if (this.stopped || this.woken) return;
      // An unreachable store: the read that follows says so, and waits for it.
      if ((await this.source.headPosition().catch((error: unknown) => (isUnreachable(error) ? Infinity : Promise.reject(error)))) > this.position) return;
    }
  }

  /** Waits `ms`, or less when the subscription is stopped. */
  private async pause(ms: number): Promise<void> {
    if (this.stopped) return;
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
    });
    clearTimeout(this.timer);
    this.wake = undefined;
  }

  private finish(failure: unknown): void {
    if (this.finished) return;
    this.finished = true;
    this.stopped = true;
    clearTimeout(this.timer);
    this.unsubscribe();
    if (!this.isCaughtUp) this.rejectCaughtUp(failure ?? new Error('subscription stopped before catching up'));
    if (failure === undefined) this.settlePull?.resolve();
    else this.settlePull?.reject(failure);
  }
}
