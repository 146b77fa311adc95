import { accountStreamId, protectionOf, type FillRecorded, type LedgerState } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { AccountRef } from '@hyperhook/hyperliquid';
import type { ExecutorContext } from './executorContext.js';
import { toFillRecorded } from './toFillRecorded.js';

/** How far back a fired trigger's fill is looked for: triggers wait for their price for days. */
export const PROTECTIVE_FILLS_LOOKBACK_MS = 30 * 24 * 60 * 60_000;

/**
 * Records the fills of strategies' stop-losses and take-profits that fired (issue 39, point 3):
 * the venue closed those positions, not a trader by hand, so each fill is its strategy's and no
 * drift. Read only when the ledger and the venue disagree in a coin where some of `strategies`
 * have triggers live. Returns whether any was recorded.
 */
export async function recordProtectiveFills(
  ctx: ExecutorContext,
  uid: string,
  account: AccountRef & { readonly vaultAddress?: string },
  ledger: LedgerState,
  coin: string,
  strategies: readonly string[],
): Promise<boolean> {
  const owners = new Map<string, string>();
  for (const strategyId of strategies) for (const order of protectionOf(ledger, strategyId, coin).live) owners.set(order.cloid, strategyId);
  if (owners.size === 0) return false;
  const fills = await ctx.client.getUserFills(account, ctx.clock() - PROTECTIVE_FILLS_LOOKBACK_MS);
  const events: FillRecorded[] = [];
  for (const fill of fills) {
    const cloid = typeof fill.cloid === 'string' ? fill.cloid.toLowerCase() : undefined;
    const strategyId = cloid === undefined ? undefined : owners.get(cloid);
    if (strategyId === undefined || fill.coin !== coin || ledger.tids.includes(fill.tid)) continue;
    const recorded = toFillRecorded(fill, undefined, { strategyId, ...(account.vaultAddress !== undefined ? { subAccount: account.vaultAddress.toLowerCase() } : {}) });
    events.push({ ...recorded, data: { ...recorded.data, protective: true } });
  }
  if (events.length === 0) return false;
  await ctx.eventStore.append(accountStreamId(uid), events.map((event) => toNewEvent(event)));
  ctx.log({ level: 'info', msg: 'fired triggers recorded', userId: uid, coin, fills: events.length });
  return true;
}
