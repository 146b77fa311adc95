import {
  StrategyDeletedViewSchema,
  StrategyViewSchema,
  type PaperResetBody,
  type StrategyCreateBody,
  type StrategyPatchBody,
  type StrategyVenue,
  type StrategyView,
} from '@hyperhook/domain';
import { api } from '../../lib/api/apiClient';
import { ApiError } from '../../lib/api/apiError';
import { strategyPath } from '../../entities/strategies/strategyAction';

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
  const body: StrategyCreateBody = venue === 'paper' ? { name, venue, ...(paperBalance === undefined ? {} : { paperBalance }) } : { name };
  return api('/api/strategies', { method: 'POST', body, schema: StrategyViewSchema });
}

/** PATCH /api/strategies/:id: a new name (unique among the trader's strategies). */
export function renameStrategy(id: string, name: string): Promise<StrategyView> {
  return api(strategyPath(id), { method: 'PATCH', body: { name } satisfies StrategyPatchBody, schema: StrategyViewSchema });
}

/**
 * PATCH /api/strategies/:id {subAccountAddress} (issue 39): the Hyperliquid sub-account a live
 * strategy trades on from now on; `null` moves it back to the main account.
 */
export function bindSubAccount(id: string, subAccountAddress: string | null): Promise<StrategyView> {
  return api(strategyPath(id), { method: 'PATCH', body: { subAccountAddress } satisfies StrategyPatchBody, schema: StrategyViewSchema });
}

/** POST /api/strategies/:id/paper-reset: its paper account starts over, with `balance` or the one it had. */
export function resetPaperAccount(id: string, balance?: number | null): Promise<StrategyView> {
  return api(strategyPath(id, '/paper-reset'), {
    method: 'POST',
    body: (balance === undefined ? {} : { balance }) satisfies PaperResetBody,
    schema: StrategyViewSchema,
  });
}

/** The `code` of promote's refusal when the trader has saved no Hyperliquid API keys. */
export const NO_CREDENTIALS = 'NO_CREDENTIALS';

/** Whether a promote was refused for want of API keys: the trader is then sent to the API KEYS tab. */
export function isNoCredentialsError(error: unknown): boolean {
  return error instanceof ApiError && (error.body as { code?: unknown } | null)?.code === NO_CREDENTIALS;
}

/** POST /api/strategies/:id/promote: a paper strategy trades on the live account from now on, same settings and URL. */
export function promoteStrategy(id: string): Promise<StrategyView> {
  return api(strategyPath(id, '/promote'), { method: 'POST', schema: StrategyViewSchema });
}

/** DELETE /api/strategies/:id: its URL stops working; its logs and positions stay. */
export function deleteStrategy(id: string): Promise<{ id: string; deleted: true }> {
  return api(strategyPath(id), { method: 'DELETE', schema: StrategyDeletedViewSchema });
}
