import { FIRST_STRATEGY_ID, type StrategyView } from '@hyperhook/domain';
import type { AnalyticsScope } from '../../entities/analytics/analyticsQuery';

/** Whose performance the view shows: the strategy chosen in the header, or the whole live account. */
export type PerformanceScope = 'strategy' | 'account';

/** The scope in the URL (`?scope=account`), so a reload or a shared link shows the same; the strategy by default. */
export function scopeFromSearch(search: URLSearchParams): PerformanceScope {
  return search.get('scope') === 'account' ? 'account' : 'strategy';
}

/** The URL search of a scope: none for the default. */
export function searchOfScope(scope: PerformanceScope): Record<string, string> {
  return scope === 'account' ? { scope } : {};
}

/**
 * What to ask the api: the whole account is every strategy's live trades (paper runs are no money
 * of the account); a strategy's are on its own venue. Before the list loads, the first strategy.
 */
export function analyticsScopeOf(scope: PerformanceScope, strategy: StrategyView | undefined): AnalyticsScope {
  if (scope === 'account') return { venue: 'live' };
  return { venue: strategy?.venue ?? 'live', strategyId: strategy?.id ?? FIRST_STRATEGY_ID };
}

/**
 * The paper run to set beside a live strategy's trades (issue 43, point 5): only a strategy that is
 * not the first can have been promoted from paper, and only its paper trades tell that it was.
 */
export function paperScopeOf(scope: PerformanceScope, strategy: StrategyView | undefined): AnalyticsScope | null {
  if (scope === 'account' || strategy === undefined || strategy.first || strategy.venue !== 'live') return null;
  return { venue: 'paper', strategyId: strategy.id };
}
