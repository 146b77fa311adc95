import { FIRST_STRATEGY_ID, type PaperAccountState, type Settings } from '@hyperhook/domain';
import type { UserProfile } from './loadUserProfile.js';
import { paperStrategyMessage, strategyDeletedMessage, strategyPausedMessage, tradingPausedMessage } from './refusalMessages.js';

/** Whether an alert of a strategy may be traded now, and with which settings. */
export type TradingGate =
  /** `paper`: the strategy trades on paper, in this run of its paper account; absent, on the live account. */
  | { readonly ok: true; readonly settings: Settings; readonly paper?: PaperAccountState }
  | { readonly ok: false; readonly code: 'TRADING_PAUSED' | 'STRATEGY_PAUSED' | 'STRATEGY_DELETED' | 'PAPER_STRATEGY'; readonly message: string };

/**
 * The one place the executor and the order preview decide whether a strategy's alert trades
 * (issue 29): the kill switch first, then a deleted strategy (an alert that came just before the
 * deletion), then a paused one. The trader's own "close all positions" only reduces, so no pause
 * holds it back. A strategy the profile never saw (impossible on a stream the api wrote) trades on
 * the first strategy's settings, as every alert older than strategies does. A paper strategy
 * (issue 30) obeys the same switches and trades its paper account; the live account's close-all
 * is not its business, so that alone is refused for it.
 */
export function tradingGate(profile: UserProfile, strategyId: string = FIRST_STRATEGY_ID, origin?: 'closeAll'): TradingGate {
  const strategy = profile.strategies.find((s) => s.id === strategyId);
  const settings = strategy?.settings ?? profile.settings;
  const paper = strategy?.venue === 'paper' && strategy.paper !== null ? { paper: strategy.paper } : {};
  if (strategy?.venue === 'paper' && origin === 'closeAll') return { ok: false, code: 'PAPER_STRATEGY', message: paperStrategyMessage(strategy.name) };
  if (origin === 'closeAll') return { ok: true, settings };
  if (profile.tradingPausedSince !== null) return { ok: false, code: 'TRADING_PAUSED', message: tradingPausedMessage(profile.tradingPausedSince) };
  if (strategy?.deletedAt != null) return { ok: false, code: 'STRATEGY_DELETED', message: strategyDeletedMessage(strategy.name, strategy.deletedAt) };
  if (strategy?.pausedSince != null) return { ok: false, code: 'STRATEGY_PAUSED', message: strategyPausedMessage(strategy.name, strategy.pausedSince) };
  return { ok: true, settings, ...paper };
}
