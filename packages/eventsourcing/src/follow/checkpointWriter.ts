import type { GlobalPosition } from '@hyperhook/store';

/** Options of {@link CheckpointWriter}. */
export interface CheckpointWriterOptions {
  /** Writes the checkpoint. */
  readonly save: (position: GlobalPosition) => Promise<void>;
  /** The position the checkpoint should be at now (the follower's watermark). */
  readonly target: () => GlobalPosition;
  /** The stored checkpoint at start; undefined when none is, so the first write happens even where the follower began. */
  readonly saved: GlobalPosition | undefined;
  /** Hears a failed write; the next change tries again. */
  readonly onSaveError: (error: unknown) => void;
  /** Monotonic milliseconds, for {@link CheckpointWriter.savedAt}; default performance.now. */
  readonly now?: () => number;
}

/**
 * Writes a follower's checkpoint when asked: at once, or on a timer that gathers every change made
 * meanwhile into one write. Writes run one at a time, each writing the target as it is then, and
 * never move the checkpoint back.
 */
export class CheckpointWriter {
  readonly #options: CheckpointWriterOptions;
  #saved: GlobalPosition | undefined;
  #savedAt = Number.NEGATIVE_INFINITY;
  #saving: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: CheckpointWriterOptions) {
    this.#options = options;
    this.#saved = options.saved;
  }

  /** The checkpoint last written (or the stored one started from). */
  get saved(): GlobalPosition | undefined {
    return this.#saved;
  }

  /** When the last write was made (on `now`), -Infinity before the first. */
  get savedAt(): number {
    return this.#savedAt;
  }

  /** Writes the target now, if it moved; queued behind a write in progress. */
  saveNow(): Promise<void> {
    this.#saving = this.#saving.then(async () => {
      const target = this.#options.target();
      if (!this.#moved(target)) return;
      try {
        await this.#options.save(target);
        this.#saved = target;
        this.#savedAt = (this.#options.now ?? performance.now.bind(performance))();
      } catch (error) {
        this.#options.onSaveError(error);
      }
    });
    return this.#saving;
  }

  /** Writes within `intervalMs`: one timer at a time, whose write covers every change until it fires. */
  saveWithin(intervalMs: number): void {
    if (this.#timer !== undefined || this.#closed || !this.#moved(this.#options.target())) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.saveNow();
    }, intervalMs);
    this.#timer.unref();
  }

  /** Stops timed writes and writes what is finished now (on stop). */
  close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    return this.saveNow();
  }

  #moved(target: GlobalPosition): boolean {
    return this.#saved === undefined || target > this.#saved;
  }
}
