import {
  accountDayPnl,
  activityOf,
  guardPlannedEntry,
  guardsApply,
  holdingOf,
  holdingsOfStrategy,
  type AccountGuards,
  type OrderPlan,
  type ParsedAlert,
  type StrategyState,
} from '@hyperhook/domain';
import type { ExecutorContext } from '../executorContext.js';
import { approvalHold } from './approvalHold.js';
import { refuse, type SignalStop } from './signalStop.js';

/**
 * The strategy's entry guards and the account's daily loss limit on a live plan (issue 42): from
 * the ledger (entries, realised P&L, holdings) and, for a loss limit, the mids the plan was just
 * made on (the client's shared cache). No venue read of its own. Once they all pass, an entry of
 * a strategy with manual approval is held for its trader, unless `approvedAt` says the trader
 * approved it already (approvalHold). Null when the order may go.
 */
export async function guardEntry(
  ctx: ExecutorContext,
  input: {
    readonly uid: string;
    readonly strategy: StrategyState | undefined;
    readonly accountGuards: AccountGuards | undefined;
    readonly alert: ParsedAlert;
    readonly plan: OrderPlan;
    readonly isTestnet: boolean;
    /** When the trader approved this alert (SignalApproved), or null. */
    readonly approvedAt: string | null;
  },
): Promise<SignalStop | null> {
  const { uid, strategy, accountGuards, alert, plan } = input;
  if (strategy === undefined || !guardsApply(strategy.guards, alert, accountGuards)) return null;
  const ledger = await ctx.ledgers.get(uid);
  const held = Object.fromEntries(Object.keys(holdingsOfStrategy(ledger, strategy.id)).map((coin) => [coin, holdingOf(ledger, strategy.id, coin)]));
  const limit = accountGuards?.dailyLossLimitUsd;
  const mids = strategy.guards?.dailyLossLimitUsd === undefined && limit === undefined ? {} : await ctx.client.getMids(input.isTestnet);
  const now = ctx.clock();
  const heldSzi = holdingOf(ledger, strategy.id, plan.coin).szi;
  const refusal = guardPlannedEntry(strategy.guards, {
    alert,
    coin: plan.coin,
    isBuy: plan.isBuy,
    size: plan.size,
    heldSzi,
    activity: activityOf(ledger.activity, strategy.id),
    held,
    mids,
    now,
    account:
      limit === undefined
        ? undefined
        : { dailyLossLimitUsd: limit, dayPnlUsd: () => accountDayPnl(ledger.activity ?? {}, ledger.holdings, mids, now, accountGuards?.timeZone ?? 'UTC') },
  });
  if (refusal !== null) return refuse(refusal.code, refusal.message);
  return approvalHold(strategy.guards, { ...plan, heldSzi }, input.approvedAt, now);
}
