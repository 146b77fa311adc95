import { StrategyViewSchema, type StrategyView } from '@hyperhook/domain';
import { api } from '../../lib/api/apiClient';

/** The path of one strategy's endpoint: /api/strategies/:id and what follows it. */
export const strategyPath = (id: string, rest = '') => `/api/strategies/${encodeURIComponent(id)}${rest}`;

/**
 * The one-word actions on a strategy, each answering the strategy as it now is. Several features
 * call them (the strategies screen pauses and regenerates, Settings resets, Webhook regenerates).
 */
export type StrategyAction = 'pause' | 'resume' | 'reset-settings' | 'regenerate-webhook-secret';

/** POST /api/strategies/:id/<action>. */
export function strategyAction(id: string, action: StrategyAction): Promise<StrategyView> {
  return api(strategyPath(id, `/${action}`), { method: 'POST', schema: StrategyViewSchema });
}
