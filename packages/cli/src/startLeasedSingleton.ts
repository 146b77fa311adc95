import { startPartitionLeases, type PartitionLeases } from '@hyperhook/store';
import { leaseOwnerId } from './leaseOwnerId.js';
import { natsServersOf } from './openEmbeddedStore.js';

/** A role that runs while its lease is held. */
export interface LeasedWork {
  readonly caughtUp: Promise<unknown>;
  stop(): Promise<void>;
}

/** One role of the deployment, run by whichever process holds its lease. */
export interface LeasedSingleton {
  /** Resolves after the first claim: once the work caught up if this process took it, at once if another holds it. */
  readonly caughtUp: Promise<void>;
  /** Whether this process runs the work now. */
  active(): boolean;
  /** Stops the work if running, then gives the lease back so a standby takes over at once. */
  stop(): Promise<void>;
}

/**
 * Runs `start` in exactly one process of the deployment: the holder of a one-partition lease in
 * the JetStream KV `bucket` (startPartitionLeases). The others stand by and take over when the
 * holder stops (at once: it deletes its lease) or dies (when its lease expires, 6 s). A work that
 * fails to start gives the lease up, so another process can try.
 */
export async function startLeasedSingleton(input: {
  readonly natsUrl: string;
  readonly bucket: string;
  /** For the log: "projector". */
  readonly role: string;
  readonly start: () => Promise<LeasedWork>;
  readonly log: (line: string) => void;
  readonly ttlMs?: number;
}): Promise<LeasedSingleton> {
  let running: Promise<LeasedWork | undefined> | undefined;
  const ownerId = leaseOwnerId();

  const leases: PartitionLeases = await startPartitionLeases({
    servers: natsServersOf(input.natsUrl),
    bucket: input.bucket,
    ownerId,
    partitions: 1,
    ...(input.ttlMs === undefined ? {} : { ttlMs: input.ttlMs }),
    onAcquire() {
      input.log(`${input.role} took its lease: this process runs the ${input.role}`);
      running = input.start().catch((error: unknown) => {
        input.log(`${input.role} failed to start: ${error instanceof Error ? error.message : String(error)}; giving its lease up`);
        running = undefined;
        void leases.release(0);
        return undefined;
      });
    },
    async onRelease(_partition, reason) {
      const work = await running;
      running = undefined;
      await work?.stop();
      input.log(`${input.role} gave its lease up (${reason})`);
    },
    onError: (error, context) => input.log(`${input.role} lease: ${context}: ${error instanceof Error ? error.message : String(error)}`),
  });

  const caughtUp = leases.started.then(async () => {
    if (running === undefined) input.log(`${input.role} on standby: another process holds its lease`);
    await (
      await running
    )?.caughtUp;
  });
  return {
    caughtUp,
    active: () => leases.held().length > 0,
    stop: () => leases.stop(),
  };
}
