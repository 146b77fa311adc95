import { accountStreamId, storedCredentials } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { snapshotEvents } from '@hyperhook/executor';
import type { AccountSnapshot } from '@hyperhook/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../appDeps.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { readUserStream } from '@hyperhook/eventsourcing';
import { ApiError, noKeysConfigured } from '../../http/apiError.js';

/**
 * Reads positions and balance of the user's MAIN account from the exchange (never the API wallet:
 * it has no positions), records PositionsSnapshotTaken + BalanceSnapshotTaken (source 'sync') on
 * `account-<uid>`, and waits for the read models. 400 "No API keys configured" without keys;
 * 502 when the exchange cannot be read.
 */
export async function syncAccount(deps: AppDeps, log: FastifyBaseLogger, uid: string): Promise<void> {
  const { events } = await readUserStream(deps.store.eventStore, uid);
  const credentials = storedCredentials(events).current;
  if (credentials === null) throw noKeysConfigured();
  let snapshot: AccountSnapshot;
  try {
    snapshot = await deps.hyperliquid(credentials.isTestnet).getAccountSnapshot({ accountAddress: credentials.accountAddress, isTestnet: credentials.isTestnet });
  } catch (error) {
    log.warn({ err: error }, 'exchange read failed');
    throw new ApiError(502, `Hyperliquid could not be read: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
  // Snapshots are facts about the exchange, not decisions: any order of appends is valid.
  const result = await deps.store.eventStore.append(
    accountStreamId(uid),
    snapshotEvents(snapshot, deps.clock().toISOString(), 'sync').map((e) => toNewEvent(e)),
    { expectedVersion: 'any' },
  );
  await awaitProjection(deps, log, result.lastPosition);
}
