import type { ChainLinks } from './ChainLinks.js';
import type { Checkpoints } from './Checkpoints.js';
import type { EventChain } from './EventChain.js';
import type { EventStore } from './EventStore.js';
import type { KeyStore } from './KeyStore.js';
import type { Notifier } from './Notifier.js';
import type { ReadStore } from './ReadStore.js';
import type { UnitOfWork } from './UnitOfWork.js';

/** Every port a role needs, as one deployment (embedded SQLite, or cluster) provides them. */
export interface StorePorts {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly checkpoints: Checkpoints;
  readonly unitOfWork: UnitOfWork;
  readonly notifier: Notifier;
  readonly keyStore: KeyStore;
  /** The log's hash chain (docs/design/event-hash-chain.md); absent on a backend that keeps none. */
  readonly chain?: EventChain;
  /**
   * Where the chain is kept beside the log rather than by the append (KurrentDB + MongoDB): the
   * links a follower of the log writes (followChain of @hyperhook/eventsourcing, run with the
   * projector). Absent where appends chain themselves.
   */
  readonly chainLinks?: ChainLinks;
  /** Which adapter serves the ports ('sqlite', 'postgres'), for health reports and logs. */
  readonly backend?: string;
  /** Stops subscriptions, finishes pending writes and releases connections. Idempotent. */
  close(): Promise<void>;
}
