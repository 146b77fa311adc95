import { deriveJwtSecret, startServer, type ProjectionWaiter } from '@hyperhook/api';
import { approvalTokenKey, loadVapidKeys } from '@hyperhook/api/push';
import type { Partition } from '@hyperhook/executor';
import { secp256k1 } from '@hyperhook/hyperliquid';
import type { ThreadHeap } from '@hyperhook/store';
import { apiDepsOf, vapidKeysOf } from './apiDeps.js';
import { budgetMemoryOf, exchangeClientOf, exchangeTuningOf, masterKeyOf, type BudgetMemory } from './buildRoleDeps.js';
import type { Config } from './config.js';
import { onShutdown } from './onShutdown.js';
import { openStore, type OpenedStore } from './openStore.js';
import { eitherProjectionWaiter } from './eitherProjectionWaiter.js';
import { pollingProjectionWaiter } from './pollingProjectionWaiter.js';
import type { ThreadRole } from './roleThreadProtocol.js';
import { pushSenderOf } from './pushSender.js';
import { say } from './say.js';
import { startBackgroundRoles, type PushRole } from './startBackgroundRoles.js';
import { startRoleThread, type RoleThread } from './startRoleThread.js';
import { threadProjectionWaiter } from './threadProjectionWaiter.js';

export { say };

/** Which roles one process runs. */
export interface RoleSelection {
  readonly api: boolean;
  readonly projector: boolean;
  readonly executor: boolean;
  readonly partition?: Partition;
}

/** What runs behind the api of a process: how to wait for its read models, start and stop it. */
interface Background {
  readonly projection: ProjectionWaiter;
  readonly caughtUp: Promise<unknown>;
  /** The V8 heaps of the role threads and the store's writer thread, as they last reported them. */
  readonly heaps: () => ReadonlyMap<string, ThreadHeap>;
  stop(): Promise<void>;
}

/** Said when the native secp256k1 binary does not load: orders still go out, each about 0.7 ms later. */
const SLOW_SIGNING = 'libsecp256k1 did not load on this machine: orders are signed with @noble/curves, about 15 times slower';

/**
 * Runs the selected roles on the configured store (openStore) until SIGINT/SIGTERM. With the api, the projector
 * and the executor run on threads of their own (startRoleThread), so neither their work nor their
 * garbage delays a webhook's acknowledgement; without it they share the process's one thread.
 * Shutdown order: stop accepting HTTP requests, stop the executor (in-flight signals reach a safe
 * point and the checkpoint is saved), stop the projector, then close the store so no write is cut
 * in half.
 */
export async function runRoles(config: Config, roles: RoleSelection): Promise<void> {
  const names = [roles.api && 'api', roles.projector && 'projector', roles.executor && 'executor'].filter(Boolean).join(' + ');
  const threads = roles.api && (roles.projector || roles.executor);
  if (roles.executor && secp256k1.backend !== 'libsecp256k1') say(SLOW_SIGNING);
  // With NATS_URL the store's notices cross processes; its close also closes the NATS connection.
  const store = await openStore(config, say, `hyperhook ${names}`, { threads });
  const masterKey = masterKeyOf(config); // created here, before any role thread reads it

  if (!roles.api) {
    const background = await startBackgroundRoles(config, store, {
      ...roles,
      ...(pushSenderOf(config, roles) === 'projector' ? { push: pushRoleOf(config, masterKey) } : {}),
    });
    onShutdown(async () => {
      await background.stop();
      await store.close();
    }, say);
    say(`running ${names} on ${store.location}`);
    await background.caughtUp;
    console.log(JSON.stringify({ role: names, msg: 'ready', store: store.location }));
    return;
  }

  let shutDown: () => Promise<void> = () => store.close();
  const budgetMemory = budgetMemoryOf();
  const background = threads ? startThreads(config, roles, store, () => shutDown(), budgetMemory, masterKey) : undefined;
  // The api's reads (key checks, syncs, previews) give way to the orders the executor thread sends.
  const { client } = exchangeClientOf(config, exchangeTuningOf(config), budgetMemory, 'interactive');
  const projection = background?.projection ?? pollingProjectionWaiter(store);
  const deps = { ...apiDepsOf({ config, store, masterKey, client, projection }), ...(background ? { threadHeaps: background.heaps } : {}) };
  // One sender of web pushes per deployment (pushSenderOf): the api only when nothing else sends.
  const server = await startServer(pushSenderOf(config, roles) !== 'api' ? { ...deps, config: { ...deps.config, pushNotifier: false } } : deps, {
    port: config.PORT,
    handleSignals: false,
    ...(background ? { beforeStoreClose: () => background.stop() } : {}),
  });
  shutDown = () => server.close().finally(() => client.close());
  say(`api listening on ${server.url}`);
  onShutdown(shutDown, say);
  say(`running ${names} on ${store.location}`);
  // Announce readiness on stdout as one JSON line, for supervisors and the system tests.
  await background?.caughtUp;
  console.log(JSON.stringify({ role: names, msg: 'ready', store: store.location, url: server.url }));
}

/**
 * The projector and executor of `start` on their threads, writing through the api store's writer
 * thread: one transaction and one fsync for what all of them write at once, and no fight over
 * SQLite's write lock between connections of one process. A role that fails while running takes
 * the process down through the normal shutdown, exit code 1: a supervisor restarts it whole,
 * rather than an api accepting alerts nothing executes.
 */
function startThreads(
  config: Config,
  roles: RoleSelection,
  store: OpenedStore,
  shutDown: () => Promise<void>,
  budgetMemory: BudgetMemory,
  masterKey: Buffer,
): Background {
  const projection = threadProjectionWaiter();
  let failing = false;
  const onFailure = (error: Error): void => {
    if (failing) return;
    failing = true;
    say(`${error.stack ?? error.message}; shutting down`);
    shutDown().finally(() => process.exit(1));
  };
  const threadRoles: ThreadRole[] = [...(roles.executor ? (['executor'] as const) : []), ...(roles.projector ? (['projector'] as const) : [])];
  const heaps = new Map<string, ThreadHeap>();
  const threads: RoleThread[] = threadRoles.map((role) =>
    startRoleThread(
      config,
      role,
      { onFailure, onHeap: (heap) => heaps.set(role, heap), ...(role === 'projector' ? { onProjected: projection.reached } : {}) },
      { writerPort: store.shareWriter?.(), push: pushSenderOf(config, roles) === `${role} thread` ? pushRoleOf(config, masterKey) : undefined, budgetMemory },
    ),
  );
  const caughtUp = Promise.all(threads.map((thread) => thread.caughtUp));
  // Awaited once the api listens; a thread that fails before then must not be an unhandled rejection.
  caughtUp.catch(() => undefined);
  return {
    // With NATS the projector thread may be a standby while another process projects (by lease).
    projection: !roles.projector
      ? pollingProjectionWaiter(store)
      : config.NATS_URL === undefined
        ? projection
        : eitherProjectionWaiter(projection, pollingProjectionWaiter(store)),
    caughtUp,
    heaps: () => {
      const writer = store.writerHeap?.();
      return writer === undefined ? heaps : new Map([...heaps, ['write', writer]]);
    },
    async stop() {
      // In order: the executor first, as startBackgroundRoles does; a thread that fails to stop does not keep the next one running.
      const failures: unknown[] = [];
      for (const thread of threads) await thread.stop().catch((error: unknown) => void failures.push(error));
      projection.abort(new Error('projector stopped'));
      if (failures.length > 0) throw failures[0];
    },
  };
}

/**
 * The push role of the process part that sends (pushSenderOf): the operator's VAPID pair, or the
 * one generated into the data dir (made here, before any thread reads it), and the approval token
 * key derived from the master key as the api derives it (apiDepsOf), so the api accepts the tokens.
 */
function pushRoleOf(config: Config, masterKey: Buffer): PushRole {
  return {
    vapid: loadVapidKeys({ dataDir: config.HYPERHOOK_DATA_DIR, configured: vapidKeysOf(config).vapidKeys }),
    subject: `mailto:${config.SUPPORT_EMAIL}`,
    targets: { allowPrivateTargets: config.HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS },
    approvalKey: approvalTokenKey(deriveJwtSecret(masterKey)),
  };
}
