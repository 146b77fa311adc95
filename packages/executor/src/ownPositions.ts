import { accountStreamId, driftOf, holdingsOfStrategy, toWireDecimal, venueAccountOf, type StrategyState } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { AccountRef } from '@hyperhook/hyperliquid';
import type { PlanMarket } from '@hyperhook/trading';
import { recordVenueFills } from './venueFills.js';
import type { ExecutorContext } from './executorContext.js';

/**
 * The strategy's own signed positions by coin, for planning its alert (issue 39, point 1). First
 * the ledger is held against the venue's position in the alert's coin, as the plan reads it: a
 * difference is drift (a manual trade, a liquidation), set right by the drift rule and recorded on
 * `account-<uid>` before anything is planned on it. Drift is judged only once every order of ours
 * is counted (StrategyLedgers.ready), else our own fill in flight would look like one.
 */
export async function ownPositions(
  ctx: ExecutorContext,
  uid: string,
  signalId: string,
  strategyId: string,
  market: PlanMarket,
  strategies: readonly StrategyState[],
  account: AccountRef & { readonly vaultAddress?: string },
): Promise<Record<string, string>> {
  let ledger = await ctx.ledgers.get(uid);
  const { asset, mid } = market;
  if (ctx.ledgers.ready && asset !== undefined && Number.isFinite(mid) && mid > 0) {
    const venue = market.positions.find((p) => p.coin === asset.coin)?.szi ?? 0;
    // Only the strategies trading on the same venue account share its position (issue 39, point 2).
    const accountOf = (id: string) => venueAccountOf(strategies.find((s) => s.id === id));
    const venueAccount = accountOf(strategyId);
    const reading = {
      coin: asset.coin,
      szi: venue,
      szDecimals: asset.szDecimals,
      px: toWireDecimal(mid),
      at: new Date(ctx.clock()).toISOString(),
      account: venueAccount,
      trades: (id: string) => accountOf(id) === venueAccount,
    };
    let drift = driftOf(ledger, reading);
    // A stop that fired, or a limit entry that filled, is its strategy's trade, not drift: record it, then look again.
    if (drift !== null && (await recordVenueFills(ctx, uid, account, ledger, asset.coin, reading.trades))) {
      ledger = await ctx.ledgers.get(uid);
      drift = driftOf(ledger, reading);
    }
    if (drift !== null) {
      await ctx.eventStore.append(accountStreamId(uid), [toNewEvent(drift, { causationId: signalId })]);
      ctx.log({
        level: 'warn',
        msg: 'position drift reconciled',
        signalId,
        userId: uid,
        coin: asset.coin,
        rule: drift.data.rule,
        venue: drift.data.venueSzi,
        ledger: drift.data.ledgerSzi,
      });
      ledger = await ctx.ledgers.get(uid);
    }
  }
  return holdingsOfStrategy(ledger, strategyId);
}
