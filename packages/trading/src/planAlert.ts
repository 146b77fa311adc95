import { planOrder, type MarginMode, type OrderPlan, type ParsedAlert, type PlanRejectionCode, type Settings } from '@hyperhook/domain';
import { unknownCoinMessage, type AccountSnapshot, type PerpAsset } from '@hyperhook/hyperliquid';

/** What the exchange must tell before an alert can be planned. */
export interface PlanMarket {
  /** The coin's market, or undefined when the venue does not list it. */
  readonly asset: PerpAsset | undefined;
  /** The coin's mid price; NaN when the venue gave none (planOrder then refuses market orders). */
  readonly mid: number;
  readonly balance: { readonly availableBalance: number; readonly totalEquity: number };
  /** `marginMode` when the venue said it (issue 39.2); a position tracked from fills has none. */
  readonly positions: readonly { readonly coin: string; readonly szi: number; readonly leverage: number; readonly marginMode?: MarginMode | undefined }[];
}

/**
 * The three exchange reads a plan needs, bound to one account and network. The executor wraps
 * them in its retries and account cache; the api's order preview calls the client directly.
 */
export interface PlanMarketReads {
  asset(coin: string): Promise<PerpAsset | undefined>;
  mids(): Promise<Record<string, number>>;
  account(): Promise<Pick<AccountSnapshot, 'balance' | 'positions'>>;
}

/**
 * Reads the market for `coin`. The three reads are independent and run in parallel, so the
 * webhook-to-order latency is the slowest of them, not their sum. A failed read rejects.
 */
export async function readPlanMarket(reads: PlanMarketReads, coin: string): Promise<PlanMarket> {
  const [asset, mids, snapshot] = await Promise.all([reads.asset(coin), reads.mids(), reads.account()]);
  return {
    asset,
    mid: mids[coin] ?? Number.NaN,
    balance: { availableBalance: snapshot.balance.availableBalance, totalEquity: snapshot.balance.totalEquity },
    positions: snapshot.positions.map((p) => ({ coin: p.coin, szi: p.szi, leverage: p.leverage, marginMode: p.marginMode })),
  };
}

/** What planning an alert gives: the order plan, or why there is none (planOrder's codes and UNKNOWN_COIN). */
export type PlanAlertResult =
  { readonly ok: true; readonly plan: OrderPlan } | { readonly ok: false; readonly code: PlanRejectionCode | 'UNKNOWN_COIN'; readonly message: string };

/** Everything {@link planAlert} needs. */
export interface PlanAlertInput {
  readonly alert: ParsedAlert;
  readonly settings: Settings;
  readonly market: PlanMarket;
  readonly cloid: string;
  /** A ladder's client order ids, one per order, the first being `cloid` (issue 41); see ladderCloids. */
  readonly legCloids?: readonly string[];
  /**
   * The strategy's own signed positions by coin (the ledger's): the alert acts on these and the
   * order is netted against the account's (issue 39, point 1). Absent, the account's positions are
   * the alert's (a paper strategy's account is its own; close-all closes the account's).
   */
  readonly own?: Readonly<Record<string, string>>;
}

/**
 * The executor's planning of an alert on a read market: a coin the venue does not list is
 * refused with UNKNOWN_COIN, everything else is planOrder's (sizing, caps, rounding, guards).
 * Pure, so an order preview and the executor cannot disagree on what an alert would do.
 */
export function planAlert({ alert, settings, market, cloid, legCloids, own }: PlanAlertInput): PlanAlertResult {
  if (market.asset === undefined) return { ok: false, code: 'UNKNOWN_COIN', message: unknownCoinMessage(alert.coin) };
  const { coin, assetId, szDecimals, maxLeverage } = market.asset;
  const account = market.positions.map(({ coin: c, szi, leverage }) => ({ coin: c, szi, leverage }));
  const leverageOf = (c: string) => account.find((p) => p.coin === c && p.szi !== 0)?.leverage ?? 0;
  return planOrder({
    alert,
    settings,
    balance: market.balance,
    positions: own === undefined ? account : Object.entries(own).map(([c, szi]) => ({ coin: c, szi: Number(szi), leverage: leverageOf(c) })),
    ...(own === undefined ? {} : { accountPositions: account }),
    asset: { coin, assetId, szDecimals, maxLeverage },
    mid: market.mid,
    cloid,
    ...(legCloids !== undefined ? { legCloids: [...legCloids] } : {}),
  });
}
