import {
  activityOf,
  guardPlannedEntry,
  guardsApply,
  holdingOf,
  holdingsOfStrategy,
  type OrderPlan,
  type ParsedAlert,
  type StrategyState,
} from '@hyperhook/domain';
import type { ExecutorContext } from '../executorContext.js';
import { refuse, type SignalStop } from './signalStop.js';

/**
 * The strategy's entry guards on a live plan (issue 42): from its ledger (entries, realised P&L,
 * holdings) and, for a daily loss limit, the mids the plan was just made on (the client's shared
 * cache). No venue read of its own. Null when the order may go.
 */
export async function guardEntry(
  ctx: ExecutorContext,
  input: {
    readonly uid: string;
    readonly strategy: StrategyState | undefined;
    readonly alert: ParsedAlert;
    readonly plan: OrderPlan;
    readonly isTestnet: boolean;
  },
): Promise<SignalStop | null> {
  const { uid, strategy, alert, plan } = input;
  if (strategy === undefined || !guardsApply(strategy.guards, alert)) return null;
  const ledger = await ctx.ledgers.get(uid);
  const held = Object.fromEntries(Object.keys(holdingsOfStrategy(ledger, strategy.id)).map((coin) => [coin, holdingOf(ledger, strategy.id, coin)]));
  const mids = strategy.guards?.dailyLossLimitUsd === undefined ? {} : await midsAsText(ctx, input.isTestnet);
  const refusal = guardPlannedEntry(strategy.guards, {
    alert,
    coin: plan.coin,
    isBuy: plan.isBuy,
    size: plan.size,
    heldSzi: holdingOf(ledger, strategy.id, plan.coin).szi,
    activity: activityOf(ledger.activity, strategy.id),
    held,
    mids,
    now: ctx.clock(),
  });
  return refusal === null ? null : refuse(refusal.code, refusal.message);
}

async function midsAsText(ctx: ExecutorContext, isTestnet: boolean): Promise<Record<string, string>> {
  const mids = await ctx.client.getMids(isTestnet);
  return Object.fromEntries(Object.entries(mids).map(([coin, mid]) => [coin, String(mid)]));
}
