import type { GlobalPosition } from '@hyperhook/store';

/**
 * The checkpoint of a consumer whose work on a batch may finish after later batches' (a delivery
 * being retried): the position just before the oldest batch with work still open, or the last
 * batch seen when none is. A restart from it hands over again what was not done with, and only
 * what follows it.
 */
export function createSettledWatermark(start: GlobalPosition) {
  let seen = start;
  /** Batches with open work, oldest first (a Map keeps insertion order): the position before each, and how much is open. */
  const open = new Map<GlobalPosition, { readonly before: GlobalPosition; count: number }>();
  return {
    /** A batch ending at `position` was read; returns the position before it. */
    advance(position: GlobalPosition): GlobalPosition {
      const before = seen;
      seen = position;
      return before;
    },
    /** One piece of work of the batch ending at `position` is open; call the returned function once it is done with. */
    hold(position: GlobalPosition, before: GlobalPosition): () => void {
      const entry = open.get(position) ?? { before, count: 0 };
      entry.count += 1;
      open.set(position, entry);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        entry.count -= 1;
        if (entry.count === 0) open.delete(position);
      };
    },
    /** Where a restart should resume. */
    get position(): GlobalPosition {
      const [oldest] = open.values();
      return oldest === undefined ? seen : oldest.before;
    },
  };
}
