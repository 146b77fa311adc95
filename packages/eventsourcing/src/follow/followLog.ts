import type { EventFilter, EventStore, GlobalPosition, Subscription, SubscriptionBatch } from '@hyperhook/store';
import { CheckpointWriter } from './checkpointWriter.js';
import type { CheckpointSaving, LogCheckpoint } from './logCheckpoint.js';
import { OpenPositions, type OpenWork } from './openPositions.js';
import { ResumeFromCheckpoint } from './resumeFromCheckpoint.js';

/**
 * What a handler says of a batch: nothing (done with it); `'acted'` (done, and it did something a
 * restart must not do again, such as send a notice: with `afterBatch` saving, the checkpoint is
 * written at once); `'leftUnfinished'` (it stopped partway because the follower is stopping: the
 * batch does not count as scanned, so the checkpoint stays before what it did not take).
 */
export type BatchOutcome = void | 'acted' | 'leftUnfinished';

/** Handles one batch; the next waits for it. Work that outlives the batch is reported on `work`. */
export type BatchHandler = (batch: SubscriptionBatch, work: OpenWork) => BatchOutcome | Promise<BatchOutcome>;

/** Options of {@link followLog}. */
export interface FollowLogOptions {
  readonly eventStore: Pick<EventStore, 'subscribeToAll' | 'headPosition'>;
  /** Where to resume; absent: nothing is stored, every start begins at `startAt`. */
  readonly checkpoint?: LogCheckpoint;
  /** Where a follower without a stored checkpoint begins: the log's first event (default) or its head (history is not its business). */
  readonly startAt?: 'first' | 'head';
  /** How the checkpoint is written; needed when `checkpoint.save` is given. */
  readonly saving?: CheckpointSaving;
  readonly filter?: EventFilter;
  /** Most events per batch (default the subscription's, 500). */
  readonly batchSize?: number;
  readonly handle: BatchHandler;
  /**
   * After a failed batch or read, resume from the stored checkpoint after `delayMs`. Absent: the
   * follower ends at its first failure (reported to `onError`). A store that cannot be reached is
   * not a failure: the subscription reads again from the same position with a growing backoff.
   */
  readonly retry?: { readonly delayMs: number };
  /** Hears each failure (and each failed checkpoint write, unless `onSaveError` is given). */
  readonly onError: (error: unknown) => void;
  readonly onSaveError?: (error: unknown) => void;
  /** Hears where each start (and restart) resumes from, before the first batch. */
  readonly onResume?: (from: GlobalPosition) => void;
  /** Hears each change of progress: a batch scanned, a piece of work finished or held back. */
  readonly onProgress?: () => void;
  /** On stop, after the last batch: waits for work still running, so the last write covers it. */
  readonly settle?: () => Promise<unknown>;
}

/** A running follower of the log. */
export interface LogFollower {
  /** Resolves with where the first start resumed from; rejects if the follower ends before it starts. */
  readonly started: Promise<GlobalPosition>;
  /** Resolves the first time the follower has handled everything up to the head; rejects if it ends before. */
  readonly caughtUp: Promise<GlobalPosition>;
  /** Position of the last batch handed over (where it resumed, before the first). */
  readonly position: GlobalPosition;
  /** How far every batch was handled (work still open aside). */
  readonly scanned: GlobalPosition;
  /** Pieces of work taken and not yet finished. */
  readonly open: number;
  /** The checkpoint last written, or the stored one it started from. */
  readonly saved: GlobalPosition | undefined;
  /** Stops reading after the batch in progress, lets `settle` finish, then writes the checkpoint. */
  stop(): Promise<void>;
}

/**
 * Follows the log the one way every follower does (the projector, the executor and its fill
 * recorder, the notifiers, the notice scheduler, the chain follower): a catch-up subscription from
 * the stored checkpoint, one batch at a time; the checkpoint is the lowest position whose work is
 * still open (work may finish out of order and after its batch), else how far the batches were
 * handled, written as `saving` says; a failure resumes from the stored checkpoint when `retry`
 * says so, and a handler throwing {@link ResumeFromCheckpoint} resumes from it at once.
 */
export function followLog(options: FollowLogOptions): LogFollower {
  return new Follower(options);
}

class Follower implements LogFollower {
  readonly started: Promise<GlobalPosition>;
  readonly caughtUp: Promise<GlobalPosition>;

  readonly #options: FollowLogOptions;
  readonly #running: Promise<void>;
  #positions = new OpenPositions(0);
  #writer: CheckpointWriter | undefined;
  #subscription: Subscription | undefined;
  #from: GlobalPosition = 0;
  #stopped = false;
  #stopping: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #settleStarted!: { resolve: (from: GlobalPosition) => void; reject: (error: unknown) => void };
  #settleCaughtUp!: { resolve: (at: GlobalPosition) => void; reject: (error: unknown) => void };
  readonly #work: OpenWork;

  constructor(options: FollowLogOptions) {
    this.#options = options;
    if (options.checkpoint?.save !== undefined && options.saving === undefined) throw new TypeError('a checkpoint that is saved needs a saving policy');
    this.started = new Promise((resolve, reject) => (this.#settleStarted = { resolve, reject }));
    this.caughtUp = new Promise((resolve, reject) => (this.#settleCaughtUp = { resolve, reject }));
    // Signals, not the error channel: onError hears failures.
    this.started.catch(() => undefined);
    this.caughtUp.catch(() => undefined);
    const openPieces = () => this.#positions.open;
    this.#work = {
      // A piece belongs to the run that took it: after a restart its late report reaches only that
      // run's positions, never the new run's, which took the same events again.
      take: (position) => {
        const piece = this.#positions.take(position);
        return {
          finish: () => {
            piece.finish();
            this.#changed();
          },
          holdBack: () => {
            piece.holdBack();
            this.#changed();
          },
        };
      },
      get open() {
        return openPieces();
      },
    };
    this.#running = this.#run();
  }

  get position(): GlobalPosition {
    return this.#subscription?.position ?? this.#from;
  }

  get scanned(): GlobalPosition {
    return this.#positions.scanned;
  }

  get open(): number {
    return this.#positions.open;
  }

  get saved(): GlobalPosition | undefined {
    return this.#writer?.saved;
  }

  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      this.#stopped = true;
      this.#wake?.();
      await this.#subscription?.stop();
      await this.#running;
      await this.#options.settle?.();
      await this.#writer?.close();
      this.#end(new Error('the follower stopped before catching up'));
    })();
    return this.#stopping;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      try {
        await this.#follow();
        return; // stopped
      } catch (error) {
        if (this.#stopped) return;
        if (error instanceof ResumeFromCheckpoint) continue;
        this.#options.onError(error);
        const { retry } = this.#options;
        if (retry === undefined) return this.#end(error);
        await this.#pause(retry.delayMs);
      }
    }
  }

  /** One subscription, from the stored checkpoint, until it is stopped or fails. */
  async #follow(): Promise<void> {
    const { checkpoint, eventStore } = this.#options;
    const stored = await checkpoint?.load();
    const from = stored ?? (this.#options.startAt === 'head' ? await eventStore.headPosition() : 0);
    if (this.#stopped) return;
    this.#from = from;
    this.#positions = new OpenPositions(from);
    this.#writer ??= this.#writerFor(stored);
    this.#options.onResume?.(from);
    this.#settleStarted.resolve(from);
    const subscription = eventStore.subscribeToAll({
      fromPosition: from,
      ...(this.#options.filter === undefined ? {} : { filter: this.#options.filter }),
      ...(this.#options.batchSize === undefined ? {} : { maxBatchSize: this.#options.batchSize }),
      onBatch: (batch) => this.#handle(batch),
    });
    this.#subscription = subscription;
    subscription.caughtUp.then(
      (at) => this.#settleCaughtUp.resolve(at),
      () => undefined,
    );
    if (this.#stopped) await subscription.stop();
    await subscription.done;
  }

  async #handle(batch: SubscriptionBatch): Promise<void> {
    const outcome = await this.#options.handle(batch, this.#work);
    if (outcome === 'leftUnfinished') return;
    this.#positions.scannedTo(batch.position);
    this.#options.onProgress?.();
    const { saving } = this.#options;
    const writer = this.#writer;
    if (writer === undefined || saving === undefined) return;
    if (saving.kind === 'behind') return writer.saveWithin(saving.intervalMs);
    if (outcome === 'acted' || this.#now() - writer.savedAt >= saving.idleMs) await writer.saveNow();
  }

  /** A piece of work finished or was held back: the checkpoint may move. */
  #changed(): void {
    this.#options.onProgress?.();
    const { saving } = this.#options;
    const writer = this.#writer;
    if (writer === undefined || saving === undefined) return;
    if (saving.kind === 'behind') writer.saveWithin(saving.intervalMs);
    else void writer.saveNow();
  }

  #writerFor(stored: GlobalPosition | undefined): CheckpointWriter | undefined {
    const save = this.#options.checkpoint?.save;
    if (save === undefined) return undefined;
    return new CheckpointWriter({
      save: (position) => save(position),
      target: () => this.#positions.watermark(),
      saved: stored,
      onSaveError: this.#options.onSaveError ?? this.#options.onError,
      now: () => this.#now(),
    });
  }

  #now(): number {
    const { saving } = this.#options;
    return saving?.kind === 'afterBatch' && saving.now !== undefined ? saving.now() : performance.now();
  }

  /** Waits `ms`, or less when stopped. */
  async #pause(ms: number): Promise<void> {
    if (this.#stopped) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => (clearTimeout(timer), resolve());
    });
    this.#wake = undefined;
  }

  #end(error: unknown): void {
    this.#settleStarted.reject(error);
    this.#settleCaughtUp.reject(error);
  }
}
