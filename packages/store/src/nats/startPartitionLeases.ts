import { Kvm, type KV } from '@nats-io/kv';
import { createLeaseBucket } from './createLeaseBucket.js';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { claimOrder, leaseShare, partitionsToRelease } from './leaseShare.js';

/** Options of startPartitionLeases. */
export type PartitionLeaseOptions = {
  readonly servers: string | string[];
  /** The JetStream KV bucket holding the leases, default 'hyperhook_executor_leases'. */
  readonly bucket?: string;
  /** How many partitions the users are hashed into (more than executors, the same everywhere). */
  readonly partitions: number;
  /** This executor's id (unique: host, pid and a random part). */
  readonly ownerId: string;
  /**
   * How long a lease lives without renewal, default 6,000 ms: a dead executor's partitions are
   * free this long after its last renewal. The bucket's max_age, so it holds on nats-server 2.9.
   */
  readonly ttlMs?: number;
  /** How often leases are renewed and free partitions claimed, default ttl / 4. */
  readonly tickMs?: number;
  /**
   * Monotonic milliseconds, default performance.now: how long since a lease was last renewed
   * (issue 32, point 3). With the wall clock, a step back of an hour would make every lease look
   * freshly renewed for the hour, so a stalled executor would keep working on partitions whose
   * leases had expired on the server and another executor had taken; a step forward would give
   * every lease up at once ('lost') and leave the partitions unworked until they expired.
   */
  readonly elapsed?: () => number;
  /** A partition is ours: start working on it. */
  readonly onAcquire: (partition: number) => void;
  /** A partition is no longer ours (given up, or lost): stop working on it; the lease is released once this resolves. */
  readonly onRelease: (partition: number, reason: 'rebalance' | 'lost' | 'stop') => Promise<void>;
  readonly onError?: (error: unknown, context: string) => void;
};

/** Running leases. */
export interface PartitionLeases {
  /** The partitions held now. */
  held(): number[];
  /** Resolves after the first round of claims. */
  readonly started: Promise<void>;
  /** Gives one partition up (its work could not start, say): any executor may claim it again in a later round. */
  release(partition: number): Promise<void>;
  /** Stops every partition (onRelease 'stop'), deletes the leases so others take over at once, and closes the connection. */
  stop(): Promise<void>;
}

/** A lease held: `renewedAt` on the monotonic clock (PartitionLeaseOptions.elapsed). */
type Lease = { revision: number; renewedAt: number; releasing?: Promise<void> };

/**
 * Executor partitions held by lease in a JetStream KV bucket (reference/cluster.md): claim a
 * free partition with `create` (fails while anyone holds it), renew with `update` on the
 * revision we hold (fails once anyone else took it), release with a `delete` on that revision.
 * Each executor also renews `member.<id>`, so all of them count the live executors and hold an
 * even share: a new executor makes the others give up partitions, a dead one's leases expire
 * with the bucket's max_age and the survivors claim them. A lease not renewed in time is given
 * up locally before it can expire, so two executors never knowingly work on one partition; if a
 * stalled process still does, the executor's claim streams keep every order single.
 * Only KV features of nats-server 2.9 are used (bucket max_age, no per-key TTL).
 */
export async function startPartitionLeases(options: PartitionLeaseOptions): Promise<PartitionLeases> {
  const ttlMs = options.ttlMs ?? 6_000;
  const tickMs = options.tickMs ?? Math.max(100, Math.floor(ttlMs / 4));
  const elapsed = options.elapsed ?? (() => performance.now());
  const onError = options.onError ?? ((error, context) => console.error(`executor leases: ${context}`, error));
  const nc: NatsConnection = await connect({ servers: options.servers, name: `hyperhook executor ${options.ownerId}`, maxReconnectAttempts: -1 });
  let kv: KV;
  try {
    kv = await createLeaseBucket(() => new Kvm(nc).create(options.bucket ?? 'hyperhook_executor_leases', { ttl: ttlMs, history: 1 }));
  } catch (error) {
    await nc.close();
    throw error;
  }
  const leases = new Map<number, Lease>();
  const memberKey = `member.${options.ownerId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const release = (partition: number, reason: 'rebalance' | 'lost' | 'stop'): Promise<void> => {
    const lease = leases.get(partition);
    if (lease === undefined) return Promise.resolve();
    lease.releasing ??= (async () => {
      await options.onRelease(partition, reason).catch((error: unknown) => onError(error, `stopping partition ${partition}`));
      leases.delete(partition);
      if (reason !== 'lost') await kv.delete(`p.${partition}`, { previousSeq: lease.revision }).catch(() => undefined); // gone already: fine
    })();
    return lease.releasing;
  };

  const renew = async (): Promise<void> => {
    await kv.put(memberKey, String(Date.now())); // for an operator reading the bucket: only the key's presence counts
    for (const [partition, lease] of leases) {
      if (elapsed() - lease.renewedAt > ttlMs * 0.75) {
        void release(partition, 'lost'); // too late to trust: it may expire before the next renewal
        continue;
      }
      try {
        // Timed from before asking: the server's max_age counts from when the update reached it, not from the answer.
        const asked = elapsed();
        lease.revision = await kv.update(`p.${partition}`, options.ownerId, lease.revision);
        lease.renewedAt = asked;
      } catch (error) {
        if (isWrongRevision(error)) void release(partition, 'lost');
        else onError(error, `renewing partition ${partition}`);
      }
    }
  };

  const countMembers = async (): Promise<number> => {
    let members = 0;
    for await (const key of await kv.keys('member.*')) if (key) members += 1;
    return members;
  };

  const rebalance = async (): Promise<void> => {
    const share = leaseShare(options.partitions, await countMembers());
    const held = [...leases.keys()].filter((partition) => leases.get(partition)?.releasing === undefined);
    for (const partition of partitionsToRelease(held, share)) void release(partition, 'rebalance');
    let holding = Math.min(held.length, share);
    for (const partition of claimOrder(options.partitions, options.ownerId)) {
      if (holding >= share || stopping) break;
      if (leases.has(partition)) continue;
      try {
        const asked = elapsed();
        const revision = await kv.create(`p.${partition}`, options.ownerId);
        leases.set(partition, { revision, renewedAt: asked });
        holding += 1;
        options.onAcquire(partition);
      } catch (error) {
        if (!isWrongRevision(error)) onError(error, `claiming partition ${partition}`);
      }
    }
  };

  const tick = async (): Promise<void> => {
    try {
      await renew();
      await rebalance();
    } catch (error) {
      onError(error, 'lease round failed; trying again');
    }
    if (!stopping) timer = setTimeout(() => void (round = tick()), tickMs);
  };

  round = tick();
  const firstRound = round;

  return {
    held: () => [...leases.keys()].sort((a, b) => a - b),
    started: firstRound,
    release: (partition) => release(partition, 'rebalance'),
    async stop() {
      if (stopping) return;
      stopping = true;
      clearTimeout(timer);
      await round; // a round in progress may still claim: release after it
      await Promise.all([...leases.keys()].map((partition) => release(partition, 'stop')));
      await kv.delete(memberKey).catch(() => undefined);
      await nc.drain().catch(() => undefined);
    },
  };
}

/** JetStream's answer when a create finds the key held, or an update's revision is stale. */
function isWrongRevision(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code ?? '')}` : String(error);
  return /wrong last sequence|key exists|10071/i.test(text);
}
