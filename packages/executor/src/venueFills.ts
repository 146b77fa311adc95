import { accountStreamId, restingIn, type FillRecorded, type LedgerState } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { AccountRef } from '@hyperhook/hyperliquid';
import type { ExecutorContext } from './executorContext.js';
import { toFillRecorded } from './toFillRecorded.js';

/** How far back a fired trigger's fill is looked for: triggers wait for their price for days. */
export const PROTECTIVE_FILLS_LOOKBACK_MS = 30 * 24 * 60 * 60_000;

/**
 * Records the venue's fills of the strategies' own orders that no signal's answer told of (issue
 * 39, points 1 and 3): a stop-loss or take-profit that fired (the venue closed that strategy's
 * position, not a trader by hand), and a resting limit entry that filled since. Each is its
 * strategy's, and no drift. Read only when the ledger and the venue disagree in a coin where the
 * strategies sharing the account have such orders. Returns whether any was recorded.
 */
export async function recordVenueFills(
  ctx: ExecutorContext,
  uid: string,
  account: AccountRef & { readonly vaultAddress?: string },
  ledger: LedgerState,
  coin: string,
  trades: (strategyId: string) => boolean,
): Promise<boolean> {
  const owners = new Map<string, { strategyId: string; signalId?: string }>();
  for (const [strategyId, protection] of Object.entries(ledger.protection[coin] ?? {})) {
    if (trades(strategyId)) for (const order of protection.live) owners.set(order.cloid, { strategyId });
  }
  for (const [cloid, order] of Object.entries(restingIn(ledger, coin, trades))) owners.set(cloid, { strategyId: order.strategyId, signalId: order.signalId });
  if (owners.size === 0) return false;
  const fills = await ctx.client.getUserFills(account, ctx.clock() - PROTECTIVE_FILLS_LOOKBACK_MS);
  const subAccount = account.vaultAddress === undefined ? {} : { subAccount: account.vaultAddress.toLowerCase() };
  const events: FillRecorded[] = [];
  for (const fill of fills) {
    const owner = typeof fill.cloid === 'string' ? owners.get(fill.cloid.toLowerCase()) : undefined;
    if (owner === undefined || fill.coin !== coin || ledger.tids.includes(fill.tid)) continue;
    const recorded = toFillRecorded(fill, owner.signalId, { strategyId: owner.strategyId, ...subAccount });
    events.push(owner.signalId === undefined ? { ...recorded, data: { ...recorded.data, protective: true } } : recorded);
  }
  if (events.length === 0) return false;
  await ctx.eventStore.append(
    accountStreamId(uid),
    events.map((event) => toNewEvent(event)),
  );
  // The tracked account snapshot may predate these fills (the venue made them on its own): the next
  // plan reads the account again, else it judges drift against the position before them and puts
  // the fill back on the ledger as growth.
  ctx.accounts.invalidate(uid, account);
  ctx.log({ level: 'info', msg: 'fills of resting and trigger orders recorded', userId: uid, coin, fills: events.length });
  return true;
}
