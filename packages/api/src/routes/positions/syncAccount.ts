import { accountStreamId, type BalanceSnapshotTaken, type PositionsSnapshotTaken } from '@hyperhook/domain';
import type { AccountSnapshot } from '@hyperhook/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../appDeps.js';
import { storedCredentials } from '../../accounts/storedCredentials.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { toNewEvent } from '@hyperhook/projector';
import { readUserStream } from '../../commands/readUserStream.js';
import { ApiError, noKeysConfigured } from '../../http/apiError.js';

/** A number as the decimal text events keep (exchange numbers are recorded as strings). */
const decimal = (value: number) => String(value);

/** The two snapshot events of an exchange read (source 'sync'). */
export function snapshotEvents(snapshot: AccountSnapshot, at: string): [PositionsSnapshotTaken, BalanceSnapshotTaken] {
  const { balance } = snapshot;
  return [
    {
      type: 'PositionsSnapshotTaken',
      v: 1,
      data: {
        at,
        source: 'sync',
        positions: snapshot.positions.map((p) => ({
          coin: p.coin,
          szi: decimal(p.szi),
          entryPx: decimal(p.entryPx),
          positionValue: decimal(p.positionValue),
          unrealizedPnl: decimal(p.unrealizedPnl),
          leverage: p.leverage > 0 ? p.leverage : null,
          markPx: decimal(p.markPx),
          liquidationPx: p.liquidationPx === null ? null : decimal(p.liquidationPx),
          marginUsed: decimal(p.marginUsed),
        })),
      },
    },
    {
      type: 'BalanceSnapshotTaken',
      v: 1,
      data: {
        at,
        availableBalance: decimal(balance.availableBalance),
        totalEquity: decimal(balance.totalEquity),
        marginUsed: decimal(balance.marginUsed),
        totalNotional: decimal(balance.totalNotional),
        withdrawable: decimal(balance.withdrawable),
        spotUsdc: decimal(balance.spotUsdc),
      },
    },
  ];
}

/**
 * Reads positions and balance of the user's MAIN account from the exchange (never the API wallet:
 * it has no positions), records PositionsSnapshotTaken + BalanceSnapshotTaken (source 'sync') on
 * `account-<uid>`, and waits for the read models. 400 "No API keys configured" without keys;
 * 502 when the exchange cannot be read.
 */
export async function syncAccount(deps: AppDeps, log: FastifyBaseLogger, uid: string): Promise<void> {
  const { events } = await readUserStream(deps.store.eventStore, uid);
  const credentials = storedCredentials(events);
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
    snapshotEvents(snapshot, deps.clock().toISOString()).map((e) => toNewEvent(e)),
    { expectedVersion: 'any' },
  );
  await awaitProjection(deps, log, result.lastPosition);
}
