import { foldState, type DomainEvent, type Fold } from '@hyperhook/domain';
import type { EventStore } from '@hyperhook/store';
import { decodeStreamEvents } from '../codec/eventCodec.js';

/** Folded states of streams, kept between reads. */
export interface StreamFoldCache<State> {
  /** The stream's state now: the cached fold plus the events appended since, read from the version after the cached one. */
  get(streamId: string): Promise<State>;
}

/**
 * Keeps the folded state of the streams a reader asks about (the `maxEntries` most recently used),
 * so each later read fetches only the events appended since: usually none, one indexed lookup,
 * instead of reading and parsing the whole stream again. Streams are append-only, so the store
 * stays the authority: whoever appended, in this process or another, the next read folds it in.
 */
export function createStreamFoldCache<Event extends DomainEvent, State>(
  eventStore: EventStore,
  fold: Fold<Event, State>,
  options: { readonly maxEntries?: number } = {},
): StreamFoldCache<State> {
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { readonly version: number; readonly state: State }>();
  return {
    async get(streamId) {
      const cached = entries.get(streamId);
      const recorded = await eventStore.readStream(streamId, { fromVersion: cached === undefined ? 0 : cached.version + 1 });
      const last = recorded.at(-1);
      if (last === undefined) {
        if (cached === undefined) return fold.initialState();
        // Used again: move it to the end, so the least recently used is evicted first (unless a
        // concurrent read has stored a newer fold meanwhile).
        if (entries.get(streamId) === cached) {
          entries.delete(streamId);
          entries.set(streamId, cached);
        }
        return cached.state;
      }
      const state = foldState(fold, decodeStreamEvents(recorded), cached?.state ?? fold.initialState());
      // A slower concurrent read may finish last with an older version: keep the newest fold.
      const current = entries.get(streamId);
      if (current === undefined || current.version < last.streamVersion) {
        entries.delete(streamId);
        entries.set(streamId, { version: last.streamVersion, state });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return state;
    },
  };
}
