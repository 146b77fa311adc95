import { startServer } from '@hyperhook/api';
import { startExecutor, type Executor, type Partition } from '@hyperhook/executor';
import { startProjector, type Projector } from '@hyperhook/projector';
import { apiDepsOf } from './apiDeps.js';
import { exchangeClientOf, exchangeTuningOf, masterKeyOf, sealersOf } from './buildRoleDeps.js';
import type { Config } from './config.js';
import { onShutdown } from './onShutdown.js';
import { openEmbeddedStore } from './openEmbeddedStore.js';
import { pollingProjectionWaiter } from './pollingProjectionWaiter.js';

/** Where a role writes its human-readable lines (stderr, so stdout stays for data and JSON logs). */
export const say = (line: string): void => {
  process.stderr.write(`hyperhook: ${line}\n`);
};

/** Which roles one process runs. */
export interface RoleSelection {
  readonly api: boolean;
  readonly projector: boolean;
  readonly executor: boolean;
  readonly partition?: Partition;
}

/**
 * Runs the selected roles on the embedded store until SIGINT/SIGTERM. Shutdown order: stop
 * accepting HTTP requests, stop the executor (in-flight signals reach a safe point and the
 * checkpoint is saved), stop the projector, then close the store so no write is cut in half.
 */
export async function runRoles(config: Config, roles: RoleSelection): Promise<void> {
  const names = [roles.api && 'api', roles.projector && 'projector', roles.executor && 'executor'].filter(Boolean).join(' + ');
  // With NATS_URL the store's notices cross processes; its close also closes the NATS connection.
  const store = await openEmbeddedStore(config, say, `hyperhook ${names}`);
  const masterKey = masterKeyOf(config);
  const tuning = exchangeTuningOf(config);
  const { client, nonces } = exchangeClientOf(config, tuning);

  const projector: Projector | undefined = roles.projector ? startProjector({ store }) : undefined;
  const executor: Executor | undefined = roles.executor
    ? await startExecutor({
        store,
        client,
        nonces,
        sealer: sealersOf(masterKey, store.keyStore).credentials,
        orderExpiryMs: tuning.orderExpiryMs,
        ...(roles.partition !== undefined ? { partition: roles.partition } : {}),
        ...(config.HYPERHOOK_RETRY_DEADLINE_MS !== undefined ? { retryDeadlineMs: config.HYPERHOOK_RETRY_DEADLINE_MS } : {}),
      })
    : undefined;
  const stopWorkers = async () => {
    await executor?.stop();
    await projector?.stop();
  };

  let url: string | undefined;
  if (roles.api) {
    const projection = projector ?? pollingProjectionWaiter(store);
    const server = await startServer(apiDepsOf({ config, store, masterKey, client, projection }), {
      port: config.PORT,
      handleSignals: false,
      beforeStoreClose: stopWorkers,
    });
    url = server.url;
    say(`api listening on ${server.url}`);
    onShutdown(() => server.close(), say);
  } else {
    onShutdown(async () => {
      await stopWorkers();
      await store.close();
    }, say);
  }
  say(`running ${names} on ${store.file}`);
  // Announce readiness on stdout as one JSON line, for supervisors and the system tests.
  await Promise.all([projector?.caughtUp, executor?.caughtUp]);
  console.log(JSON.stringify({ role: names, msg: 'ready', store: store.file, ...(url !== undefined ? { url } : {}) }));
}
