import { AnalyticsAnswerSchema, type AnalyticsAnswer, type AnalyticsQuery } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/** Whose trades: one strategy (or, without `strategyId`, every strategy) of one venue. */
export type AnalyticsScope = Pick<AnalyticsQuery, 'strategyId' | 'venue'>;

/** The query string of `GET /api/analytics` and of its `trades.csv`, the same for both. */
export function analyticsSearch(scope: AnalyticsScope): string {
  const search = new URLSearchParams({ venue: scope.venue });
  if (scope.strategyId !== undefined) search.set('strategyId', scope.strategyId);
  return search.toString();
}

/**
 * `GET /api/analytics` (issue 43): the closed trades, their figures and the equity curve. Not
 * pushed over /api/live: read on every showing and on focus, and again as fills arrive
 * (useAnalyticsFreshness).
 */
export function analyticsQueryOptions(scope: AnalyticsScope) {
  return queryOptions({
    queryKey: queryKeys.analyticsOf(scope.venue, scope.strategyId ?? null),
    queryFn: ({ signal }): Promise<AnalyticsAnswer> => api(`/api/analytics?${analyticsSearch(scope)}`, { schema: AnalyticsAnswerSchema, signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/**
 * The live analytics of the whole account as they stood at `asOf` (issue 43: the History's as-of
 * view answers them too), from what the log held then; a past moment's answer never changes.
 */
export function analyticsAsOfQueryOptions(asOf: string) {
  return queryOptions({
    queryKey: [...queryKeys.analyticsOf('live', null), 'asOf', asOf] as const,
    queryFn: ({ signal }): Promise<AnalyticsAnswer> =>
      api(`/api/analytics?${new URLSearchParams({ venue: 'live', asOf }).toString()}`, { schema: AnalyticsAnswerSchema, signal }),
    staleTime: Infinity,
  });
}
