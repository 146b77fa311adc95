import type { GlobalPosition } from '@hyperhook/store';

/**
 * The positions a catch-up subscription took and has not finished. They finish out of order
 * (users run in parallel), so the checkpoint may only move to just before the lowest one still
 * open; with none open, as far as the log was scanned. A position held back (its work kept
 * failing) keeps the checkpoint before it, so the next run takes it again. Pure.
 */
export class OpenPositions {
  // Taken in log order, so the first one (a Set keeps insertion order) is the lowest: the
  // watermark costs nothing to find however many are open.
  readonly #open = new Set<GlobalPosition>();
  readonly #heldBack = new Set<GlobalPosition>();
  #lastTaken = Number.NEGATIVE_INFINITY;
  #scanned: GlobalPosition;

  constructor(scanned: GlobalPosition) {
    this.#scanned = scanned;
  }

  /** Opens `position`; positions are taken in increasing order, as the subscription delivers them. */
  take(position: GlobalPosition): void {
    if (position <= this.#lastTaken) throw new RangeError(`position ${position} taken after ${this.#lastTaken}: positions are taken in log order`);
    this.#lastTaken = position;
    this.#open.add(position);
  }

  finish(position: GlobalPosition): void {
    this.#open.delete(position);
  }

  /** Closes `position` unfinished: the checkpoint stays before it for the rest of this run. */
  holdBack(position: GlobalPosition): void {
    this.#open.delete(position);
    this.#heldBack.add(position);
  }

  /** The subscription handed over everything up to `position` (taken or passed by). */
  scannedTo(position: GlobalPosition): void {
    this.#scanned = position;
  }

  get scanned(): GlobalPosition {
    return this.#scanned;
  }

  /** How many are taken and not yet finished (held back ones not counted). */
  get open(): number {
    return this.#open.size;
  }

  /** The checkpoint: just before the lowest open or held-back position, else as far as scanned. */
  watermark(): GlobalPosition {
    let low = Number.POSITIVE_INFINITY;
    for (const position of this.#open) {
      low = position;
      break;
    }
    for (const position of this.#heldBack) low = Math.min(low, position);
    return Number.isFinite(low) ? low - 1 : this.#scanned;
  }
}

/** Options of {@link CheckpointTracker}. */
export interface CheckpointTrackerOptions {
  /** The stored checkpoint, where the subscription starts. */
  readonly from: GlobalPosition;
  /** Writes the checkpoint (the store's Checkpoints.set under the consumer's name). */
  readonly save: (position: GlobalPosition) => Promise<void>;
  /** Hears a failed write; the next change tries again. */
  readonly onSaveError: (error: unknown) => void;
  /**
   * How long writes are gathered into one: a checkpoint is an fsync'd write (a commit on the
   * store's one writer), kept off the order path. Delivery is at-least-once anyway.
   */
  readonly intervalMs: number;
}

/**
 * {@link OpenPositions} with the checkpoint written behind it: a change that moves the watermark
 * starts one timer, and the write when it fires covers every change made meanwhile. Writes run
 * one at a time and never move the checkpoint back.
 */
export class CheckpointTracker {
  readonly #positions: OpenPositions;
  readonly #options: CheckpointTrackerOptions;
  #saved: GlobalPosition;
  #saving: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: CheckpointTrackerOptions) {
    this.#options = options;
    this.#positions = new OpenPositions(options.from);
    this.#saved = options.from;
  }

  take(position: GlobalPosition): void {
    this.#positions.take(position);
  }

  finish(position: GlobalPosition): void {
    this.#positions.finish(position);
    this.#schedule();
  }

  holdBack(position: GlobalPosition): void {
    this.#positions.holdBack(position);
    this.#schedule();
  }

  scannedTo(position: GlobalPosition): void {
    this.#positions.scannedTo(position);
    this.#schedule();
  }

  get open(): number {
    return this.#positions.open;
  }

  get scanned(): GlobalPosition {
    return this.#positions.scanned;
  }

  /** The checkpoint last written (or the one started from). */
  get saved(): GlobalPosition {
    return this.#saved;
  }

  /** Writes the watermark now, if it moved; queued behind a write in progress. */
  saveNow(): Promise<void> {
    this.#saving = this.#saving.then(async () => {
      const target = this.#positions.watermark();
      if (target <= this.#saved) return;
      try {
        await this.#options.save(target);
        this.#saved = target;
      } catch (error) {
        this.#options.onSaveError(error);
      }
    });
    return this.#saving;
  }

  /** Stops timed writes and writes what is finished now (on stop). */
  close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    return this.saveNow();
  }

  #schedule(): void {
    if (this.#timer !== undefined || this.#closed || this.#positions.watermark() <= this.#saved) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.saveNow();
    }, this.#options.intervalMs);
    this.#timer.unref();
  }
}
