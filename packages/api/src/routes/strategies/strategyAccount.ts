import { liveStrategies, queryPaperAccount, StrategyIdSchema, type PaperAccountView } from '@hyperhook/domain';
import { z } from 'zod';
import type { AppDeps } from '../../appDeps.js';
import { ApiError } from '../../http/apiError.js';
import { loadStrategies } from './strategyViews.js';

/** `?strategyId=` of the account routes: the account of that strategy (a paper one's own), absent the real account. */
export const StrategyAccountQuerySchema = z.object({
  strategyId: StrategyIdSchema.optional().describe(
    'a strategy\'s id: a paper strategy answers its paper account (venue "paper"), a live one the Hyperliquid account',
  ),
});

/**
 * The paper account of `strategyId` when it is one of the caller's paper strategies; null when
 * it is absent or a live strategy (the real account answers). Another user's strategy, or a
 * deleted one, is "Strategy not found": ids are looked up in the caller's own stream only.
 */
export async function paperAccountOfQuery(deps: AppDeps, uid: string, strategyId: string | undefined): Promise<PaperAccountView | null> {
  if (strategyId === undefined) return null;
  const strategy = liveStrategies(await loadStrategies(deps, uid)).find((s) => s.id === strategyId);
  if (strategy === undefined) throw new ApiError(404, 'Strategy not found');
  if (strategy.venue !== 'paper' || strategy.paper === null) return null;
  return queryPaperAccount(deps.store.readStore, uid, strategy.id, strategy.paper);
}
