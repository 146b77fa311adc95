import type { GlobalPosition } from '@hyperhook/store';

/** One piece of work taken on an event: it ends once, finished or held back; any later report is ignored. */
export interface WorkPiece {
  /** The piece is done. */
  readonly finish: () => void;
  /** The piece ends unfinished: the checkpoint stays before its event for the rest of this run. */
  readonly holdBack: () => void;
}

/** What a handler reports of the events whose work outlives their batch (see {@link OpenPositions}). */
export interface OpenWork {
  /**
   * Opens a piece of work on the event at `position`; positions are taken in log order (one may be
   * taken again for several pieces). The piece answers for itself, so a report repeated, or made
   * late by a run the follower has since restarted, can never close another piece.
   */
  take(position: GlobalPosition): WorkPiece;
  /** How many pieces of work are taken and not yet finished (held back ones not counted). */
  readonly open: number;
}

/**
 * The checkpoint of a follower whose work finishes out of order (users run in parallel, a delivery
 * waits for its retry): it may only move to just before the lowest position still open; with none
 * open, as far as the log was scanned. A position held back (its work kept failing) keeps the
 * checkpoint before it, so the next run takes it again. Pure.
 */
export class OpenPositions implements OpenWork {
  // Taken in log order, so the first key (a Map keeps insertion order) is the lowest: the
  // watermark costs nothing to find however many are open. The value counts the pieces of work.
  readonly #open = new Map<GlobalPosition, number>();
  readonly #heldBack = new Set<GlobalPosition>();
  #pieces = 0;
  #lastTaken = Number.NEGATIVE_INFINITY;
  #scanned: GlobalPosition;

  constructor(scanned: GlobalPosition) {
    this.#scanned = scanned;
  }

  take(position: GlobalPosition): WorkPiece {
    if (position < this.#lastTaken) throw new RangeError(`position ${position} taken after ${this.#lastTaken}: positions are taken in log order`);
    this.#lastTaken = position;
    this.#open.set(position, (this.#open.get(position) ?? 0) + 1);
    this.#pieces += 1;
    let ended = false;
    const end = (heldBack: boolean) => {
      if (ended) return;
      ended = true;
      this.#close(position);
      if (heldBack) this.#heldBack.add(position);
    };
    return { finish: () => end(false), holdBack: () => end(true) };
  }

  #close(position: GlobalPosition): void {
    const pieces = this.#open.get(position) ?? 0;
    this.#pieces -= 1;
    if (pieces > 1) this.#open.set(position, pieces - 1);
    else this.#open.delete(position);
  }

  /** The follower handed over everything up to `position` (taken or passed by). */
  scannedTo(position: GlobalPosition): void {
    this.#scanned = position;
  }

  get scanned(): GlobalPosition {
    return this.#scanned;
  }

  get open(): number {
    return this.#pieces;
  }

  /** The checkpoint: just before the lowest open or held-back position, else as far as scanned. */
  watermark(): GlobalPosition {
    let low = Number.POSITIVE_INFINITY;
    for (const position of this.#open.keys()) {
      low = position;
      break;
    }
    for (const position of this.#heldBack) low = Math.min(low, position);
    return Number.isFinite(low) ? low - 1 : this.#scanned;
  }
}
