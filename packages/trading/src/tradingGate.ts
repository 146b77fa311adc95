import { FIRST_STRATEGY_ID, type Settings } from '@hyperhook/domain';
import type { UserProfile } from './loadUserProfile.js';
import { paperStrategyMessage, strategyDeletedMessage, strategyPausedMessage, tradingPausedMessage } from './refusalMessages.js';

/** Whether an alert of a strategy may be traded now, and with which settings. */
export type TradingGate =
  | { readonly ok: true; readonly settings: Settings }
  | { readonly ok: false; readonly code: 'TRADING_PAUSED' | 'STRATEGY_PAUSED' | 'STRATEGY_DELETED' | 'PAPER_STRATEGY'; readonly message: string };

/**
 * The one place the executor and the order preview decide whether a strategy's alert trades
 * (issue 29): the kill switch first, then a deleted strategy (an alert that came just before the
 * deletion), then a paused one. The trader's own "close all positions" only reduces, so no pause
 * holds it back. A strategy the profile never saw (impossible on a stream the api wrote) trades on
 * the first strategy's settings, as every alert older than strategies does. A paper strategy's
 * alert never reaches the live account, not even a close-all (issue 30): it is refused here.
 */
export function tradingGate(profile: UserProfile, strategyId: string = FIRST_STRATEGY_ID, origin?: 'closeAll'): TradingGate {
  const strategy = profile.strategies.find((s) => s.id === strategyId);
  const settings = strategy?.settings ?? profile.settings;
  if (strategy?.venue === 'paper') return { ok: false, code: 'PAPER_STRATEGY', message: paperStrategyMessage(strategy.name) };
  if (origin === 'closeAll') return { ok: true, settings };
  if (profile.tradingPausedSince !== null) return { ok: false, code: 'TRADING_PAUSED', message: tradingPausedMessage(profile.tradingPausedSince) };
  if (strategy?.deletedAt != null) return { ok: false, code: 'STRATEGY_DELETED', message: strategyDeletedMessage(strategy.name, strategy.deletedAt) };
  if (strategy?.pausedSince != null) return { ok: false, code: 'STRATEGY_PAUSED', message: strategyPausedMessage(strategy.name, strategy.pausedSince) };
  return { ok: true, settings };
}
