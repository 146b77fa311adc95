import type { ChainHead } from '../chain/chainWalk.js';
import type { GlobalPosition } from './events.js';

/**
 * Where a backend whose appends we do not serialise (KurrentDB) keeps its hash chain: links
 * `{position, hash}` in log order, written one after another by a follower of the log
 * (followChain of @hyperhook/eventsourcing).
 */
export interface ChainLinks {
  /** The last link; null before the first. */
  last(): Promise<ChainHead | null>;
  /**
   * Appends `links` right after `after` (null: at the start). False, writing nothing, when
   * `after` is no longer the last link: another follower extended the chain first.
   */
  append(after: ChainHead | null, links: readonly ChainHead[]): Promise<boolean>;
  /** The hashes of the links at these positions; a position without one is left out. */
  hashesAt(positions: readonly GlobalPosition[]): Promise<Map<GlobalPosition, string>>;
}
