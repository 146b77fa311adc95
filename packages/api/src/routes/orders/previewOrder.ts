import {
  FIRST_STRATEGY_ID,
  holdingsOfStrategy,
  parseAlert,
  protectionPlanPreview,
  queryLedger,
  type OrderPreview,
  type PaperAccountState,
} from '@hyperhook/domain';
import {
  loadUserProfile,
  NO_KEYS_MESSAGE,
  openPaperAccount,
  PAPER_MARKET_IS_TESTNET,
  planAlert,
  readPlanMarket,
  tradingGate,
  type PlanMarket,
  type StoredCredentials,
} from '@hyperhook/trading';
import { HyperliquidReadError } from '@hyperhook/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../appDeps.js';
import { ApiError } from '../../http/apiError.js';
import { budgetRefusal } from '../../http/venueRefusal.js';

/**
 * The client order id of every preview: nothing is sent, so no signal's cloid is needed, and a
 * fixed one keeps two previews of the same alert on the same market identical.
 */
export const PREVIEW_CLOID = `0x${'0'.repeat(32)}`;

/** The market an alert is planned on, and the network it was read from. */
type MarketRead = { readonly market: PlanMarket; readonly isTestnet: boolean };

/**
 * Reads only: the account the strategy trades on (the main one, or its sub-account) as the
 * executor reads it, never the API wallet, and no key is unsealed.
 */
async function readLiveMarket(deps: AppDeps, credentials: StoredCredentials, coin: string, subAccount: string | undefined): Promise<MarketRead> {
  const { isTestnet } = credentials;
  const account =
    subAccount === undefined
      ? { accountAddress: credentials.accountAddress, isTestnet, mode: credentials.accountMode }
      : { accountAddress: subAccount, isTestnet };
  const exchange = deps.hyperliquid(isTestnet);
  const market = await readPlanMarket(
    { asset: (c) => exchange.getAsset(isTestnet, c), mids: () => exchange.getMids(isTestnet), account: () => exchange.getAccountSnapshot(account) },
    coin,
  );
  return { market, isTestnet };
}

/** A paper strategy's account opened from the log, at mainnet's prices, as the executor would fill the alert on it. */
async function readPaperMarket(deps: AppDeps, account: { uid: string; strategyId: string; run: PaperAccountState }, coin: string): Promise<MarketRead> {
  const exchange = deps.hyperliquid(PAPER_MARKET_IS_TESTNET);
  const [assets, mids] = await Promise.all([exchange.getAssets(PAPER_MARKET_IS_TESTNET), exchange.getMids(PAPER_MARKET_IS_TESTNET)]);
  const paper = await openPaperAccount(deps.store.eventStore, account, { assets, mids, now: () => deps.clock().getTime() });
  const market = await readPlanMarket(
    { asset: async (c) => assets.find((asset) => asset.coin === c), mids: async () => mids, account: async () => paper.venue.snapshot(paper.accountId) },
    coin,
  );
  return { market, isTestnet: PAPER_MARKET_IS_TESTNET };
}

/**
 * What the executor would do with `alertBody` for user `uid` right now: the same parsing, the same
 * credentials and the strategy's settings (folded from the user stream as the executor folds them), the same
 * market reads and the same planning — on the exchange of the user's keys, or on a paper strategy's
 * paper account at mainnet's prices (issue 30) — sending nothing.
 * Every refusal is an answer naming its stage; only a request budget's refusal (an ApiError 429)
 * and unexpected failures throw.
 */
export async function previewOrder(deps: AppDeps, log: FastifyBaseLogger, uid: string, alertBody: unknown, strategyId?: string): Promise<OrderPreview> {
  const parsed = parseAlert(alertBody);
  if (!parsed.ok) {
    const { code, message, field } = parsed.rejection;
    return { ok: false, stage: 'parse', code, message, ...(field === undefined ? {} : { field }) };
  }
  const { alert } = parsed;

  const profile = await loadUserProfile(deps.store.eventStore, uid);
  // Only the caller's own strategies: another user's id is as unknown as a made-up one.
  if (strategyId !== undefined && !profile.strategies.some((s) => s.id === strategyId && s.deletedAt === null)) throw new ApiError(404, 'Strategy not found');
  // The executor refuses before anything else while trading or the strategy is paused; so does its preview.
  const gate = tradingGate(profile, strategyId);
  if (!gate.ok) return { ok: false, stage: 'plan', code: gate.code, message: gate.message };
  const { credentials } = profile;
  const { settings, paper } = gate;
  const readMarket =
    paper !== undefined
      ? () => readPaperMarket(deps, { uid, strategyId: strategyId ?? FIRST_STRATEGY_ID, run: paper }, alert.coin)
      : credentials !== null
        ? () => readLiveMarket(deps, credentials, alert.coin, profile.strategies.find((s) => s.id === (strategyId ?? FIRST_STRATEGY_ID))?.subAccount?.address)
        : null;
  if (readMarket === null) return { ok: false, stage: 'keys', code: 'NO_CREDENTIALS', message: NO_KEYS_MESSAGE };

  let market: PlanMarket;
  let isTestnet: boolean;
  try {
    ({ market, isTestnet } = await readMarket());
  } catch (error) {
    if (!(error instanceof HyperliquidReadError)) throw error;
    log.warn({ err: error }, 'order preview: exchange read failed');
    // A request budget's refusal is the route's answer (429, Retry-After), not the alert's.
    const refusal = budgetRefusal(error);
    if (refusal !== undefined) throw refusal;
    // The read error already names what could not be read and the venue's answer.
    const reason = error.message.replace(/\.$/, '');
    return { ok: false, stage: 'market', code: 'EXCHANGE_UNAVAILABLE', message: `${reason}. Nothing was sent; try the preview again in a moment.` };
  }

  // A live strategy's alert acts on its own positions (issue 39, point 1), as the executor plans it.
  const own = paper === undefined ? holdingsOfStrategy(await queryLedger(deps.store.readStore, uid), strategyId ?? FIRST_STRATEGY_ID) : undefined;
  const result = planAlert({ alert, settings, market, cloid: PREVIEW_CLOID, ...previewLadder(alert), ...(own === undefined ? {} : { own }) });
  if (!result.ok) return { ok: false, stage: 'plan', code: result.code, message: result.message };
  const { plan } = result;
  const protection = protectionPlanPreview(alert, plan);
  return {
    ok: true,
    network: isTestnet ? 'testnet' : 'mainnet',
    venue: paper === undefined ? 'live' : 'paper',
    mid: Number.isFinite(market.mid) ? market.mid : null,
    plan,
    // A close gives margin back rather than using it.
    marginUsd: plan.reduceOnly ? 0 : plan.orderNotionalUsd / plan.leverage,
    ...(protection === null ? {} : { protection }),
  };
}

/** A ladder's orders in the preview get cloids of their own (issue 41): the first is PREVIEW_CLOID, as a single order's is. */
function previewLadder(alert: { readonly ladder?: { readonly orders: number } | undefined }): { legCloids?: string[] } {
  if (alert.ladder === undefined) return {};
  return { legCloids: Array.from({ length: alert.ladder.orders }, (_, leg) => `0x${leg.toString(16).padStart(32, '0')}`) };
}
