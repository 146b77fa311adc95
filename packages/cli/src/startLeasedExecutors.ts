import { startExecutor, type Executor, type ExecutorOptions } from '@hyperhook/executor';
import { startPartitionLeases, type PartitionLeases } from '@hyperhook/store';
import { leaseOwnerId } from './leaseOwnerId.js';
import { natsServersOf } from './openEmbeddedStore.js';

/** What every executor of the process shares; `partition` is set per lease. */
export type SharedExecutorOptions = Omit<ExecutorOptions, 'partition'>;

/** The executors of one process, one per partition it holds. */
export interface LeasedExecutors {
  /** Resolves once the first round of claims is done and those executors caught up. */
  readonly caughtUp: Promise<void>;
  /** The partitions held now. */
  held(): number[];
  /** Stops every executor (in-flight signals reach a safe point), then gives the leases back. */
  stop(): Promise<void>;
}

/**
 * Executors that share the users without configuration (cluster deployment): the users are
 * hashed into `partitions`, and this process runs an executor for each partition it holds by
 * lease in NATS (startPartitionLeases). Adding or removing executor processes moves partitions;
 * a dead one's partitions are taken over when its leases expire. A partition's executor resumes
 * from that partition's checkpoint, and a signal already submitted is reconciled by its cloid,
 * never sent twice.
 */
export async function startLeasedExecutors(input: {
  readonly natsUrl: string;
  readonly partitions: number;
  readonly executor: SharedExecutorOptions;
  readonly log: (line: string) => void;
}): Promise<LeasedExecutors> {
  const running = new Map<number, Promise<Executor | undefined>>();
  const ownerId = leaseOwnerId();

  // onAcquire's failure path runs long after this assignment, so it may name `leases`.
  const leases: PartitionLeases = await startPartitionLeases({
    servers: natsServersOf(input.natsUrl),
    ownerId,
    partitions: input.partitions,
    onAcquire(index) {
      const starting = startExecutor({ ...input.executor, partition: { index, count: input.partitions } }).catch((error: unknown) => {
        // A partition held with nothing working on it would leave its users' alerts waiting: give it
        // up, so it is claimed again (here or elsewhere) in a later round.
        input.log(
          `executor for partition ${index}/${input.partitions} failed to start: ${error instanceof Error ? error.message : String(error)}; giving the partition up`,
        );
        running.delete(index);
        void leases.release(index);
        return undefined;
      });
      running.set(index, starting);
      input.log(`executor took partition ${index}/${input.partitions}`);
    },
    async onRelease(index, reason) {
      const executor = await running.get(index);
      running.delete(index);
      await executor?.stop();
      input.log(`executor gave up partition ${index}/${input.partitions} (${reason})`);
    },
    onError: (error, context) => input.log(`executor leases: ${context}: ${error instanceof Error ? error.message : String(error)}`),
  });

  const caughtUp = leases.started.then(async () => {
    const executors = await Promise.all(running.values());
    await Promise.all(executors.map((executor) => executor?.caughtUp));
  });
  return {
    caughtUp,
    held: () => leases.held(),
    stop: () => leases.stop(),
  };
}
