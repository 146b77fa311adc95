import { StrategyDeletedViewSchema, StrategyListSchema, StrategyViewSchema, type Settings, type StrategyVenue, type StrategyView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import { ApiError } from '../api/apiError';
import { queryKeys } from '../queryKeys';

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

/** What a new strategy is made of: a name and, for paper trading (issue 30), its starting balance in USDC. */
export interface NewStrategy {
  readonly name: string;
  readonly venue: StrategyVenue;
  /** Null when the field holds no number: the api then says why ("Paper balance must be a number of USDC."). */
  readonly paperBalance?: number | null;
}

/**
 * POST /api/strategies: a new strategy with its own webhook URL and the default settings. A live
 * one sends its name alone, as before paper trading; a paper one its venue and balance.
 */
export function createStrategy({ name, venue, paperBalance }: NewStrategy): Promise<StrategyView> {
  const body = venue === 'paper' ? { name, venue, ...(paperBalance === undefined ? {} : { paperBalance }) } : { name };
  return api('/api/strategies', { method: 'POST', body, schema: StrategyViewSchema });
}

/** PATCH /api/strategies/:id: a new name (unique among the trader's strategies). */
export function renameStrategy(id: string, name: string): Promise<StrategyView> {
  return api(path(id), { method: 'PATCH', body: { name }, schema: StrategyViewSchema });
}

/**
 * PATCH /api/strategies/:id {subAccountAddress} (issue 39): the Hyperliquid sub-account a live
 * strategy trades on from now on; `null` moves it back to the main account.
 */
export function bindSubAccount(id: string, subAccountAddress: string | null): Promise<StrategyView> {
  return api(path(id), { method: 'PATCH', body: { subAccountAddress }, schema: StrategyViewSchema });
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

/** POST /api/strategies/:id/paper-reset: its paper account starts over, with `balance` or the one it had. */
export function resetPaperAccount(id: string, balance?: number | null): Promise<StrategyView> {
  return api(path(id, '/paper-reset'), { method: 'POST', body: balance === undefined ? {} : { balance }, schema: StrategyViewSchema });
}

/** The `code` of promote's refusal when the trader has saved no Hyperliquid API keys. */
export const NO_CREDENTIALS = 'NO_CREDENTIALS';

/** Whether a promote was refused for want of API keys: the trader is then sent to the API KEYS tab. */
export function isNoCredentialsError(error: unknown): boolean {
  return error instanceof ApiError && (error.body as { code?: unknown } | null)?.code === NO_CREDENTIALS;
}

/** POST /api/strategies/:id/promote: a paper strategy trades on the live account from now on, same settings and URL. */
export function promoteStrategy(id: string): Promise<StrategyView> {
  return api(path(id, '/promote'), { method: 'POST', schema: StrategyViewSchema });
}

/** DELETE /api/strategies/:id: its URL stops working; its logs and positions stay. */
export function deleteStrategy(id: string): Promise<{ id: string; deleted: true }> {
  return api(path(id), { method: 'DELETE', schema: StrategyDeletedViewSchema });
}
