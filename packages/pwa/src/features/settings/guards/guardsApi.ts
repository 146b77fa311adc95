import { StrategyViewSchema, type AlertGuards, type StrategyView } from '@hyperhook/domain';
import { api } from '../../../lib/api/apiClient';
import { strategyPath } from '../../../entities/strategies/strategyAction';

/** PUT /api/strategies/:id/filters (issue 42): the strategy's guards, replacing the earlier ones whole. */
export function saveGuards(id: string, guards: AlertGuards): Promise<StrategyView> {
  return api(strategyPath(id, '/filters'), { method: 'PUT', body: guards, schema: StrategyViewSchema });
}
