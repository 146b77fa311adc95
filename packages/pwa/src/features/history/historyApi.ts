import { HistoryPageSchema, HistoryStateSchema, type HistoryPage, type HistoryState, type HistoryStateQuery } from '@hyperhook/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { downloadApiFile } from '../../lib/api/downloadApiFile';
import { historyPath, HISTORY_PAGE_SIZE, type HistoryFilters } from './historyFilters';

/**
 * The filtered history, page by page, newest first. A full page means there may be more: the
 * next is asked for before its last event's position. Not persisted for offline use: the
 * history can be long, and the api is its record.
 */
export function historyQueryOptions(filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: ['history', filters],
    queryFn: ({ pageParam, signal }) => api(historyPath(filters, pageParam), { schema: HistoryPageSchema, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: HistoryPage) => (last.events.length < HISTORY_PAGE_SIZE ? undefined : last.events.at(-1)?.position),
    meta: { persist: false },
  });
}

/** `GET /api/history/state?at=`: the account as it stood at `at`. */
export function fetchHistoryState(at: string, signal?: AbortSignal): Promise<HistoryState> {
  return api(`/api/history/state?${new URLSearchParams({ at } satisfies HistoryStateQuery).toString()}`, {
    schema: HistoryStateSchema,
    ...(signal !== undefined ? { signal } : {}),
  });
}

/** The two exports of the History view. */
export const HISTORY_EXPORTS = {
  events: { path: '/api/history/export.ndjson', fallbackName: 'hyperhook-history.ndjson' },
  fills: { path: '/api/history/fills.csv', fallbackName: 'hyperhook-fills.csv' },
} as const;

/** Fetches an export with the bearer token and hands it to the browser as a download. */
export function downloadExport(kind: keyof typeof HISTORY_EXPORTS): Promise<string> {
  const { path, fallbackName } = HISTORY_EXPORTS[kind];
  return downloadApiFile(path, fallbackName);
}
