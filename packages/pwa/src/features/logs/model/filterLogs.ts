import type { WebhookLogView } from '@hyperhook/domain';
import { payloadSearchText, readPayload } from '../../../entities/signals/readPayload';
import type { StatusFilter } from '../../../entities/signals/statuses';
import { DEFAULT_TIMEFRAME, withinTimeframe, type Timeframe } from './timeframes';

/** What the logs tab's filters hold. */
export interface LogFilters {
  readonly search: string;
  readonly status: StatusFilter;
  readonly timeframe: Timeframe;
}

/** Empty search, "All", "Last 24h". */
export const DEFAULT_LOG_FILTERS: LogFilters = { search: '', status: 'all', timeframe: DEFAULT_TIMEFRAME };

/** Reset Filters is enabled only when a filter differs from its default (blank search counts as empty). */
export function isDefaultLogFilters(filters: LogFilters): boolean {
  return filters.search.trim() === '' && filters.status === DEFAULT_LOG_FILTERS.status && filters.timeframe === DEFAULT_LOG_FILTERS.timeframe;
}

/** The search matches symbol, action, orderType, log id, error and the payload's JSON text, case-insensitively. */
export function matchesLogSearch(log: WebhookLogView, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  if (wanted === '') return true;
  const { symbol, action, orderType } = readPayload(log.payload);
  return [symbol, action, orderType, log.webhookLogId, log.error, payloadSearchText(log.payload)].some(
    (field) => field?.toLowerCase().includes(wanted) === true,
  );
}

/** The logs of the timeframe, what the cards and chips count. */
export function logsInTimeframe(logs: readonly WebhookLogView[], timeframe: Timeframe, nowMs: number): WebhookLogView[] {
  return logs.filter((log) => withinTimeframe(log.createdAt, timeframe, nowMs));
}

/** Whether one log passes every filter. */
export function passesLogFilters(log: WebhookLogView, filters: LogFilters, nowMs: number): boolean {
  return (
    withinTimeframe(log.createdAt, filters.timeframe, nowMs) &&
    (filters.status === 'all' || log.status === filters.status) &&
    matchesLogSearch(log, filters.search)
  );
}

/** The rows the table shows, in the order received (newest first). */
export function filterLogs(logs: readonly WebhookLogView[], filters: LogFilters, nowMs: number): WebhookLogView[] {
  return logs.filter((log) => passesLogFilters(log, filters, nowMs));
}

/**
 * The filters that show `log`, changing as little as possible: a deep-linked log (a tapped
 * notification) must be visible, so a timeframe it falls outside becomes All Time, and a status or
 * search that hides it is cleared.
 */
export function filtersShowing(log: WebhookLogView, filters: LogFilters, nowMs: number): LogFilters {
  return {
    search: matchesLogSearch(log, filters.search) ? filters.search : '',
    status: filters.status === 'all' || filters.status === log.status ? filters.status : 'all',
    timeframe: withinTimeframe(log.createdAt, filters.timeframe, nowMs) ? filters.timeframe : 'all',
  };
}

/** One strategy's logs (issue 29), or every log for "all". */
export function logsOfStrategy(logs: readonly WebhookLogView[], strategy: string): readonly WebhookLogView[] {
  return strategy === 'all' ? logs : logs.filter((log) => log.strategyId === strategy);
}
