import { CloseAllViewSchema, TradingSwitchViewSchema, type CloseAllBody, type CloseAllView, type TradingSwitchView } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/**
 * GET /api/trading: whether all trading is paused (the kill switch), and since when. The live
 * socket does not carry it, so it is read again when the app regains focus or the network: a
 * pause made on another device shows when the trader comes back to this one.
 */
export const tradingQueryOptions = queryOptions({
  queryKey: queryKeys.trading,
  queryFn: (): Promise<TradingSwitchView> => api('/api/trading', { schema: TradingSwitchViewSchema }),
  refetchOnWindowFocus: true,
});

/** POST /api/trading/pause-all: every alert from now on is logged, not traded. Idempotent. */
export function pauseAllTrading(): Promise<TradingSwitchView> {
  return api('/api/trading/pause-all', { method: 'POST', schema: TradingSwitchViewSchema });
}

/** POST /api/trading/resume-all: alerts are traded again. Idempotent. */
export function resumeAllTrading(): Promise<TradingSwitchView> {
  return api('/api/trading/resume-all', { method: 'POST', schema: TradingSwitchViewSchema });
}

/** POST /api/positions/close-all with the typed words: one reduce-only market close per open position. */
export function closeAllPositions(confirm: string): Promise<CloseAllView> {
  return api('/api/positions/close-all', { method: 'POST', body: { confirm } satisfies CloseAllBody, schema: CloseAllViewSchema });
}
