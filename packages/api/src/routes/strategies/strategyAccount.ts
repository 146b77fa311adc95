import { liveStrategies, queryPaperAccount, type PaperAccountView } from '@hyperhook/domain';
import type { AppDeps } from '../../appDeps.js';
import { ApiError } from '../../http/apiError.js';
import { loadStrategies } from './strategyViews.js';

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
