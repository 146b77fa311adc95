import type { ChainHead } from '../chain/chainWalk.js';
import type { GlobalPosition } from './events.js';

/**
 * Where a backend whose appends we do not serialise (KurrentDB) keeps its hash chain: links
 * `{position, hash}` in log order, written by a follower (chain/followChain.ts), one after another.
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

/** A running chain follower. */
export interface ChainFollowing {
  /** Resolves the first time every event up to the head has a link. */
  readonly caughtUp: Promise<GlobalPosition>;
  /** Stops following; resolves once the batch in progress is linked. */
  stop(): Promise<void>;
}

/** Starts the follower of a backend that keeps its chain beside the log (StorePorts.chainFollower). */
export interface ChainFollower {
  /** `onError` hears of a failed read or write, after which the follower retries a moment later. */
  start(options?: { readonly onError?: (error: unknown) => void }): ChainFollowing;
}
