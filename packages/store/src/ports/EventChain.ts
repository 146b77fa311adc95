import type { ChainHead } from '../chain/chainWalk.js';
import type { GlobalPosition, RecordedEvent } from './events.js';

/** A stored event and the hash stored with it (null: none, which a walk reports as a break). */
export type ChainLink = { readonly event: RecordedEvent; readonly hash: string | null };

/**
 * The log's hash chain as stored (issue 31, point 4; docs/design/event-hash-chain.md): what
 * `hyperhook verify` walks and the history view's head. Read only: the appender writes the links.
 */
export interface EventChain {
  /** The last chained event and its hash; null on an empty log. */
  head(): Promise<ChainHead | null>;
  /** Events after `fromPosition` (default 0) in global order, at most `maxCount` (default 1000), with their stored hashes. */
  readLinks(options?: { readonly fromPosition?: GlobalPosition; readonly maxCount?: number }): Promise<ChainLink[]>;
  /** The stored hashes of the events at these positions (a page of a user's history); a position without one is left out. */
  hashesAt(positions: readonly GlobalPosition[]): Promise<Map<GlobalPosition, string>>;
}
