import type { TargetPolicy, VapidKeys } from '@hyperhook/api/push';
import { followChain } from '@hyperhook/eventsourcing';
import type { Executor, Partition } from '@hyperhook/executor';
import type { HyperliquidClient } from '@hyperhook/hyperliquid';
import type { GlobalPosition, StorePorts } from '@hyperhook/store';
import type { BudgetMemory } from './buildRoleDeps.js';
import type { Config } from './config.js';
import { say } from './say.js';
import { startLeasedSingleton, type LeasedWork } from './startLeasedSingleton.js';

/** The roles that work behind the api: which of them to run. */
export interface BackgroundRoleSelection {
  readonly projector: boolean;
  readonly executor: boolean;
  readonly partition?: Partition;
  /** Send web pushes for signal outcomes from here (with the executor), rather than from the api. */
  readonly push?: PushRole;
  /** The process's exchange weight meters, when other threads send to the exchange too. */
  readonly budgetMemory?: BudgetMemory;
}

/** What sending web pushes needs: the VAPID pair and contact, whether endpoints may be private addresses, and the approval token key. */
export interface PushRole {
  readonly vapid: VapidKeys;
  readonly subject: string;
  /** HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS: a push endpoint on a private address is otherwise never contacted. */
  readonly targets: TargetPolicy;
  /** The key of the tokens on an approval push's buttons: the api's (approvalTokenKey of its session key), so it accepts them. */
  readonly approvalKey: Uint8Array;
}

/** The JetStream KV bucket whose one lease says which process of a cluster runs the projector. */
export const PROJECTOR_LEASE_BUCKET = 'hyperhook_projector_lease';

/** The running background roles of one thread. */
export interface BackgroundRoles {
  /** Resolves once every role has caught up with the log (a standby projector at once). */
  readonly caughtUp: Promise<unknown>;
  /** Stops the executor (in-flight signals reach a safe point), then the projector (giving its lease back). */
  stop(): Promise<void>;
}

/**
 * Starts the projector and/or the executor on a store: the same wiring whether they share the
 * api's thread (a role process of its own) or run on a role thread of `hyperhook start`.
 * `onProjected` hears each position the read models reached.
 */
export async function startBackgroundRoles(
  config: Config,
  store: StorePorts,
  roles: BackgroundRoleSelection,
  onProjected?: (position: GlobalPosition) => void,
): Promise<BackgroundRoles> {
  // Each role loads its own packages when it starts (dynamic imports): a thread that runs only the
  // projector never loads the executor, the venue client and its signing, and the other way round.
  const startPush = async (push: PushRole) => {
    const { pushSubscriptionsOf, startPushNotifier } = await import('@hyperhook/api/push');
    return startPushNotifier({
      store,
      ...push,
      clock: () => new Date(),
      subscriptions: pushSubscriptionsOf(store.eventStore),
      onRefused: (reason) => say(`web push: endpoint refused, not contacted: ${reason}`),
    });
  };
  // The projector, and the web pushes when they are sent from its thread or process (pushSenderOf).
  const startProjection = async (): Promise<LeasedWork> => {
    const { startProjector } = await import('@hyperhook/projector');
    const projector = startProjector({ store, ...(onProjected ? { onProjected } : {}) });
    // Where the log's hash chain is kept beside it (KurrentDB + MongoDB), its follower runs here, under the same lease.
    const links = store.chainLinks;
    const chain =
      links === undefined
        ? undefined
        : followChain({
            eventStore: store.eventStore,
            links,
            onError: (error) => say(`hash chain: ${error instanceof Error ? error.message : String(error)}; retrying in a moment`),
          });
    const push =
      roles.push === undefined
        ? undefined
        : await startPush(roles.push).catch(async (error: unknown) => {
            await chain?.stop();
            await projector.stop();
            throw error;
          });
    return {
      caughtUp: projector.caughtUp,
      async stop() {
        await push?.stop();
        await chain?.stop();
        await projector.stop();
      },
    };
  };
  // With NATS (a cluster) exactly one process projects, by lease; the others stand by to take over.
  const projection = !roles.projector
    ? undefined
    : config.NATS_URL === undefined
      ? await startProjection()
      : await startLeasedSingleton({ natsUrl: config.NATS_URL, bucket: PROJECTOR_LEASE_BUCKET, role: 'projector', start: startProjection, log: say });
  let executor: Pick<Executor, 'caughtUp' | 'stop'> | undefined;
  let client: HyperliquidClient | undefined;
  if (roles.executor) {
    const [{ startExecutor }, { exchangeClientOf, exchangeTuningOf, masterKeyOf, sealersOf }, { startLeasedExecutors }] = await Promise.all([
      import('@hyperhook/executor'),
      import('./buildRoleDeps.js'),
      import('./startLeasedExecutors.js'),
    ]);
    const tuning = exchangeTuningOf(config);
    const made = exchangeClientOf(config, tuning, roles.budgetMemory);
    client = made.client;
    const shared = {
      store,
      client,
      nonces: made.nonces,
      sealer: sealersOf(masterKeyOf(config), store.keyStore).credentials,
      orderExpiryMs: tuning.orderExpiryMs,
      ...(config.HYPERHOOK_RETRY_DEADLINE_MS !== undefined ? { retryDeadlineMs: config.HYPERHOOK_RETRY_DEADLINE_MS } : {}),
    };
    // With NATS and no fixed partition, executors share the users by lease (cluster deployment).
    executor =
      config.NATS_URL !== undefined && roles.partition === undefined
        ? await startLeasedExecutors({ natsUrl: config.NATS_URL, partitions: config.HYPERHOOK_EXECUTOR_PARTITIONS, executor: shared, log: say })
        : await startExecutor({ ...shared, ...(roles.partition !== undefined ? { partition: roles.partition } : {}) });
  }
  // Sent from the executor's thread instead (`start` without NATS): no projector here.
  const push = roles.push !== undefined && !roles.projector ? await startPush(roles.push) : undefined;
  return {
    caughtUp: Promise.all([projection?.caughtUp, executor?.caughtUp]),
    async stop() {
      await executor?.stop();
      await client?.close();
      await push?.stop();
      await projection?.stop();
    },
  };
}
