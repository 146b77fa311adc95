import { StrategyViewSchema, type Settings, type StrategyView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api/apiClient';
import { queryKeys } from '../queryKeys';

/** The answer of GET /api/strategies: the trader's strategies, the first one first. */
export const StrategyListSchema = z.array(StrategyViewSchema);

/** The answer of DELETE /api/strategies/:id. */
const DeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/**
 * GET /api/strategies (issue 29). Each view carries its webhook URL, a secret, so the list is kept
 * out of the offline copy of the cache (`persist: false`), as the account's URL is. Read again when
 * the app regains focus: a strategy paused on another device shows when the trader comes back.
 */
export const strategiesQueryOptions = queryOptions({
  queryKey: queryKeys.strategies,
  queryFn: (): Promise<StrategyView[]> => api('/api/strategies', { schema: StrategyListSchema }),
  meta: { persist: false },
  refetchOnWindowFocus: true,
});

const path = (id: string, rest = '') => `/api/strategies/${encodeURIComponent(id)}${rest}`;

/** POST /api/strategies: a new strategy with its own webhook URL and the default settings. */
export function createStrategy(name: string): Promise<StrategyView> {
  return api('/api/strategies', { method: 'POST', body: { name }, schema: StrategyViewSchema });
}

/** PATCH /api/strategies/:id: a new name (unique among the trader's strategies). */
export function renameStrategy(id: string, name: string): Promise<StrategyView> {
  return api(path(id), { method: 'PATCH', body: { name }, schema: StrategyViewSchema });
}

/** PUT /api/strategies/:id/settings, the body of PUT /api/settings. */
export function saveStrategySettings(id: string, settings: Settings): Promise<StrategyView> {
  return api(path(id, '/settings'), { method: 'PUT', body: settings, schema: StrategyViewSchema });
}

/** The one-word actions on a strategy, each answering the strategy as it now is. */
export type StrategyAction = 'pause' | 'resume' | 'reset-settings' | 'regenerate-webhook-secret';

/** POST /api/strategies/:id/<action>. */
export function strategyAction(id: string, action: StrategyAction): Promise<StrategyView> {
  return api(path(id, `/${action}`), { method: 'POST', schema: StrategyViewSchema });
}

/** DELETE /api/strategies/:id: its URL stops working; its logs and positions stay. */
export function deleteStrategy(id: string): Promise<{ id: string; deleted: true }> {
  return api(path(id), { method: 'DELETE', schema: DeletedSchema });
}
