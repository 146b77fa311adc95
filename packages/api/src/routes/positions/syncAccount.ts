import { accountStreamId, storedCredentials, type PositionsSnapshotTaken } from '@hyperhook/domain';
import { readUserStream, toNewEvent } from '@hyperhook/eventsourcing';
import { snapshotEvents } from '@hyperhook/trading';
import type { AccountRef, AccountSnapshot } from '@hyperhook/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../appDeps.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { noKeysConfigured } from '../../http/apiError.js';
import { venueReadFailure } from '../../http/venueRefusal.js';

/**
 * Reads positions and balance of the user's MAIN account from the exchange (never the API wallet:
 * it has no positions), records PositionsSnapshotTaken + BalanceSnapshotTaken (source 'sync') on
 * `account-<uid>`, and waits for the read models. 400 "No API keys configured" without keys;
 * 429 with Retry-After when a request budget refused the read; 502 when the exchange cannot be read.
 */
export async function syncAccount(deps: AppDeps, log: FastifyBaseLogger, uid: string): Promise<AccountSnapshot> {
  const { events } = await readUserStream(deps.store.eventStore, uid);
  const credentials = storedCredentials(events).current;
  if (credentials === null) throw noKeysConfigured();
  const { accountAddress, isTestnet, accountMode } = credentials;
  return recordAccountSnapshot(deps, log, uid, { accountAddress, isTestnet, mode: accountMode }, 'sync');
}

/**
 * Reads the account from the exchange and records it on `account-<uid>` as taken by `source`,
 * then waits for the read models. Throws the api's answer when the read fails (see syncAccount).
 */
export async function recordAccountSnapshot(
  deps: AppDeps,
  log: FastifyBaseLogger,
  uid: string,
  account: AccountRef,
  source: PositionsSnapshotTaken['data']['source'],
): Promise<AccountSnapshot> {
  let snapshot: AccountSnapshot;
  try {
    snapshot = await deps.hyperliquid(account.isTestnet).getAccountSnapshot(account);
  } catch (error) {
    log.warn({ err: error }, 'exchange read failed');
    throw venueReadFailure(error);
  }
  // Snapshots are facts about the exchange, not decisions: any order of appends is valid.
  const result = await deps.store.eventStore.append(
    accountStreamId(uid),
    snapshotEvents(snapshot, deps.clock().toISOString(), source).map((e) => toNewEvent(e)),
    { expectedVersion: 'any' },
  );
  await awaitProjection(deps, log, result.lastPosition);
  return snapshot;
}
