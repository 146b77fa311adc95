import { parseAlert, type OrderPreview } from '@hyperhook/domain';
import { loadUserProfile, NO_KEYS_MESSAGE, planAlert, readPlanMarket, tradingGate, type PlanMarket } from '@hyperhook/trading';
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

/**
 * What the executor would do with `alertBody` for user `uid` right now: the same parsing, the same
 * credentials and the strategy's settings (folded from the user stream as the executor folds them), the same
 * market reads and the same planning — on the exchange of the user's keys, sending nothing.
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
  const { settings } = gate;
  if (credentials === null) return { ok: false, stage: 'keys', code: 'NO_CREDENTIALS', message: NO_KEYS_MESSAGE };

  // Reads only: the main account (as the executor reads it), never the API wallet, and no key is unsealed.
  const { accountAddress, isTestnet } = credentials;
  const exchange = deps.hyperliquid(isTestnet);
  let market: PlanMarket;
  try {
    market = await readPlanMarket(
      {
        asset: (coin) => exchange.getAsset(isTestnet, coin),
        mids: () => exchange.getMids(isTestnet),
        account: () => exchange.getAccountSnapshot({ accountAddress, isTestnet, mode: credentials.accountMode }),
      },
      alert.coin,
    );
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

  const result = planAlert({ alert, settings, market, cloid: PREVIEW_CLOID });
  if (!result.ok) return { ok: false, stage: 'plan', code: result.code, message: result.message };
  const { plan } = result;
  return {
    ok: true,
    network: isTestnet ? 'testnet' : 'mainnet',
    mid: Number.isFinite(market.mid) ? market.mid : null,
    plan,
    // A close gives margin back rather than using it.
    marginUsd: plan.reduceOnly ? 0 : plan.orderNotionalUsd / plan.leverage,
  };
}
