import {
  FIRST_STRATEGY_ID,
  foldState,
  liveStrategies,
  strategiesDecider,
  type StrategiesState,
  type StrategyState,
  type StrategyView,
} from '@hyperhook/domain';
import { readUserStream } from '@hyperhook/eventsourcing';
import type { AppDeps } from '../../appDeps.js';
import { webhookUrl } from '../../accounts/webhookSecret.js';
import { ApiError } from '../../http/apiError.js';

/**
 * A user's strategies as the user stream says they are now: the same fold the executor applies,
 * so what the trader sees (paused, settings) is what the executor will do.
 */
export async function loadStrategies(deps: AppDeps, uid: string): Promise<StrategiesState> {
  return foldState(strategiesDecider, (await readUserStream(deps.store.eventStore, uid)).events);
}

/** The view of one strategy, its URL unsealed with the user bound into the AAD (no other user's secret can open). */
export async function strategyView(deps: AppDeps, uid: string, strategy: StrategyState): Promise<StrategyView> {
  if (strategy.sealedSecret === null) throw new ApiError(404, 'No webhook URL yet');
  const secret = await deps.sealers.webhook.unseal(uid, strategy.sealedSecret);
  return {
    id: strategy.id,
    name: strategy.name,
    webhookUrl: webhookUrl(deps.config.publicUrl, secret),
    paused: strategy.pausedSince !== null,
    pausedSince: strategy.pausedSince,
    venue: strategy.venue,
    paper: strategy.paper,
    settings: strategy.settings,
    first: strategy.id === FIRST_STRATEGY_ID,
    subAccount: strategy.subAccount ?? null,
    guards: strategy.guards ?? {},
    createdAt: strategy.createdAt,
  };
}

/** Every strategy not deleted, first strategy first. */
export async function strategyViews(deps: AppDeps, uid: string): Promise<StrategyView[]> {
  return Promise.all(liveStrategies(await loadStrategies(deps, uid)).map((strategy) => strategyView(deps, uid, strategy)));
}

/** One strategy not deleted, or 404 "Strategy not found". */
export async function oneStrategyView(deps: AppDeps, uid: string, strategyId: string): Promise<StrategyView> {
  const strategy = liveStrategies(await loadStrategies(deps, uid)).find((s) => s.id === strategyId);
  if (strategy === undefined) throw new ApiError(404, 'Strategy not found');
  return strategyView(deps, uid, strategy);
}
