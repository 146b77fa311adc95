import type { StrategyView } from '@hyperhook/domain';

/** The strategy to show: the one wanted while it exists, else the first strategy (else the first listed). */
export function pickStrategy(strategies: readonly StrategyView[], wanted: string | null): StrategyView | undefined {
  return strategies.find((s) => s.id === wanted) ?? strategies.find((s) => s.first) ?? strategies[0];
}

/** The list with `view` in place of the strategy of the same id (appended when new). */
export function upsertStrategy(strategies: readonly StrategyView[] | undefined, view: StrategyView): StrategyView[] {
  const list = strategies ?? [];
  return list.some((s) => s.id === view.id) ? list.map((s) => (s.id === view.id ? view : s)) : [...list, view];
}

/** Whether a strategy uses the spec's own endpoints: the first strategy's URL and settings are the account's. */
export function isAccountStrategy(strategy: StrategyView | undefined): boolean {
  return strategy === undefined || strategy.first;
}

/** Whether a strategy trades on paper (issue 30): its positions and balance are its paper account's, not the Hyperliquid account's. */
export function isPaperStrategy(strategy: StrategyView | undefined): strategy is StrategyView & { venue: 'paper' } {
  return strategy?.venue === 'paper';
}
