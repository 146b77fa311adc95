import { silentLog, startExecutor, type Executor } from '@hyperhook/executor';
import type { TestApp } from './testApp.js';

/**
 * Starts the real executor on a test app's store, credentials sealer and simulator-backed client,
 * as `hyperhook start` runs it beside the gateway. The caller stops it.
 */
export function startTestExecutor(t: TestApp): Promise<Executor> {
  return startExecutor({
    store: t.store,
    client: t.client,
    sealer: t.deps.sealers.credentials,
    log: silentLog,
    retryDeadlineMs: 5_000,
    checkpointIntervalMs: 20,
  });
}
