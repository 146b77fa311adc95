import { MarketViewSchema, SettingsSchema, StrategyViewSchema, type MarketView, type Settings, type SettingsBody, type StrategyView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { strategyPath } from '../../entities/strategies/strategyAction';

/**
 * GET /api/settings. A failure is only logged to the console; the tab stays in
 * its loading state (with a retry) rather than showing an error.
 */
export const settingsQueryOptions = queryOptions({
  queryKey: queryKeys.settings,
  queryFn: async (): Promise<Settings> => {
    try {
      return await api('/api/settings', { schema: SettingsSchema });
    } catch (error) {
      console.error('Failed to load settings', error);
      throw error;
    }
  },
});

/** PUT /api/settings with the whole settings object; answers the saved settings. */
export function saveSettings(settings: Settings): Promise<Settings> {
  return api('/api/settings', { method: 'PUT', body: settings satisfies SettingsBody, schema: SettingsSchema });
}

/** PUT /api/strategies/:id/settings, the body of PUT /api/settings: another strategy's settings (issue 29). */
export function saveStrategySettings(id: string, settings: Settings): Promise<StrategyView> {
  return api(strategyPath(id, '/settings'), { method: 'PUT', body: settings satisfies SettingsBody, schema: StrategyViewSchema });
}

/** POST /api/settings/reset, no body; the settings are reloaded afterwards. */
export function resetSettings(): Promise<Settings> {
  return api('/api/settings/reset', { method: 'POST', schema: SettingsSchema });
}

/** The market the Execution Preview prices its slippage guard on. */
export const REFERENCE_COIN = 'BTC';

/**
 * GET /api/market/BTC: the reference mid on the user's network. Optional decoration: without it
 * the guard shows only its percentage, so a failure is neither retried nor reported.
 */
export const referenceMarketQueryOptions = queryOptions({
  queryKey: queryKeys.market(REFERENCE_COIN),
  queryFn: (): Promise<MarketView> => api(`/api/market/${REFERENCE_COIN}`, { schema: MarketViewSchema }),
  retry: false,
  staleTime: 60_000,
});
