import type { GlobalPosition, RecordedEvent } from '../ports/events.js';
import { chainHash, GENESIS_HASH } from './eventChainHash.js';

/** The last event of a chain and its hash: what a trader or an auditor notes to prove the history later. */
export type ChainHead = { readonly position: GlobalPosition; readonly hash: string };

/** Where a chain stops holding: the first event whose stored hash is not the one its predecessors give. */
export type ChainBreak = { readonly position: GlobalPosition; readonly expected: string; readonly stored: string | null };

/**
 * Walks a log in global order, one stored event and its stored hash at a time, recomputing the
 * chain. A changed event, a removed one or two swapped ones all show as the first position whose
 * stored hash differs from the recomputed one: every later hash was taken over what is gone.
 */
export class ChainWalk {
  #previous = GENESIS_HASH;
  #head: ChainHead | null = null;
  #events = 0;

  /** Checks the next event; null while the chain holds, else where it broke (the walk stops advancing there). */
  step(event: RecordedEvent, storedHash: string | null): ChainBreak | null {
    const expected = chainHash(this.#previous, event);
    if (storedHash !== expected) return { position: event.globalPosition, expected, stored: storedHash };
    this.#previous = expected;
    this.#head = { position: event.globalPosition, hash: expected };
    this.#events += 1;
    return null;
  }

  /** The last event checked and its hash; null before the first. */
  get head(): ChainHead | null {
    return this.#head;
  }

  /** How many events held. */
  get events(): number {
    return this.#events;
  }
}
