import type { OrderPlan, ParsedAlert, Settings, StrategyState } from '@hyperhook/domain';
import { cloidForSignal, ladderCloids, type AccountRef } from '@hyperhook/hyperliquid';
import { planAlert, readPlanMarket, type PlanMarket, type PlanMarketReads } from '@hyperhook/trading';
import { accountMaxAgeMs, restsOnAccount } from '../accountMaxAge.js';
import type { ExecutorContext } from '../executorContext.js';
import { refuseLockedMarginMode } from '../marginMode.js';
import { ownPositions } from '../ownPositions.js';
import { ReadGaveUpError, withReadRetry } from '../withReadRetry.js';
import type { Signer } from './openSigner.js';
import { refuse, type SignalStop } from './signalStop.js';

/**
 * Whose positions an alert acts on: its strategy's (null: the account's, for close-all), among the
 * trader's strategies, and the venue account it trades on (a sub-account's address, or undefined:
 * the main account).
 */
export type AlertScope = { readonly strategyId: string | null; readonly strategies: readonly StrategyState[]; readonly subAccount: string | undefined };

/**
 * The plan's market reads for one signal, retried until the deadline: meta and mids shared by
 * every user (the client's caches and price socket), the account tracked by ctx.accounts and read
 * only when older than `accountMaxAge`.
 */
function retriedReads(ctx: ExecutorContext, uid: string, account: AccountRef, deadlineAt: number, accountMaxAge: number): PlanMarketReads {
  const { client } = ctx;
  return {
    asset: (coin) => withReadRetry(ctx, deadlineAt, () => client.getAsset(account.isTestnet, coin)),
    mids: () => withReadRetry(ctx, deadlineAt, () => client.getMids(account.isTestnet)),
    account: () => withReadRetry(ctx, deadlineAt, () => ctx.accounts.get(uid, account, accountMaxAge)),
  };
}

/** What planning an alert needs besides the context. */
export interface LivePlanInput {
  readonly signalId: string;
  readonly uid: string;
  readonly alert: ParsedAlert;
  readonly settings: Settings;
  readonly scope: AlertScope;
  readonly signer: Signer;
  readonly deadlineAt: number;
  /** When validation began: a plan capped by tracked state older than this is planned again on a fresh read. */
  readonly validatedFrom: number;
}

/**
 * Plans the alert on the market, on the strategy's own positions (close-all: the account's). Only
 * a drift the ledger shows against the venue is written here (ownPositions). The refusals:
 * planOrder's, UNKNOWN_COIN, MARGIN_MODE_LOCKED, and reads that gave up (temporary).
 */
export async function planLiveOrder(ctx: ExecutorContext, input: LivePlanInput): Promise<OrderPlan | SignalStop> {
  const { signalId, uid, alert, settings, scope, signer, deadlineAt, validatedFrom } = input;
  const { strategyId, strategies } = scope;
  const plan = async (market: PlanMarket) => {
    const own = strategyId === null ? undefined : await ownPositions(ctx, uid, signalId, strategyId, market, strategies, signer);
    return planAlert({ alert, settings, market, cloid: cloidForSignal(signalId), ...ladderOf(alert, signalId), ...(own === undefined ? {} : { own }) });
  };
  try {
    let market = await readPlanMarket(retriedReads(ctx, uid, signer, deadlineAt, accountMaxAgeMs(alert, settings, ctx.accountAges)), alert.coin);
    let result = await plan(market);
    // Planned on tracked state that refuses or caps it: plan once more on the account as the venue has it now.
    if (restsOnAccount(result, settings, market) && (ctx.accounts.fetchedAt(uid, signer) ?? Number.NEGATIVE_INFINITY) < validatedFrom) {
      market = await readPlanMarket(retriedReads(ctx, uid, signer, deadlineAt, 0), alert.coin);
      result = await plan(market);
    }
    const checked = refuseLockedMarginMode(result, settings, market, ctx.accounts.knownMarginMode(uid, signer, alert.coin));
    if (checked.ok) return checked.plan;
    return checked.code === 'ALREADY_AT_TARGET' ? { kind: 'hold', message: checked.message } : refuse(checked.code, checked.message);
  } catch (error) {
    if (!(error instanceof ReadGaveUpError)) throw error;
    return { kind: 'fail', code: 'EXCHANGE_UNAVAILABLE', message: error.message, transient: true };
  }
}

/** Whether `planned` is a plan rather than why there is none. */
export function isPlan(planned: OrderPlan | SignalStop): planned is OrderPlan {
  return 'cloid' in planned;
}

/** A ladder's client order ids, derived from the signal (issue 41): the same on every retry. */
export function ladderOf(alert: { readonly ladder?: { readonly orders: number } | undefined }, signalId: string): { legCloids?: string[] } {
  return alert.ladder === undefined ? {} : { legCloids: ladderCloids(signalId, alert.ladder.orders) };
}
