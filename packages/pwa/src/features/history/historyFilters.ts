import { HistoryCategorySchema, StrategyIdSchema, type HistoryCategory, type HistoryQuery } from '@hyperhook/domain';
import { z } from 'zod';

/** What the History view is narrowed to, as its URL keeps it (`/history?category=fill&since=…`), so a reload or a shared link shows the same. */
export const HistoryFiltersSchema = z.object({
  category: HistoryCategorySchema.optional().catch(undefined),
  strategyId: StrategyIdSchema.optional().catch(undefined),
  since: z.iso.datetime({ offset: true }).optional().catch(undefined),
  until: z.iso.datetime({ offset: true }).optional().catch(undefined),
});
/** The History view's filters. */
export type HistoryFilters = z.infer<typeof HistoryFiltersSchema>;

/** Events per page: "Load more" asks for the next this many. */
export const HISTORY_PAGE_SIZE = 50;

/** The kinds of event, in the words of the Kind filter, in the order a trader looks for them. */
export const CATEGORY_LABELS: Readonly<Record<HistoryCategory, string>> = {
  alert: 'Alerts',
  order: 'Orders',
  fill: 'Fills',
  snapshot: 'Account snapshots',
  trading: 'Pauses and close-alls',
  strategy: 'Strategies',
  settings: 'Settings',
  keys: 'API keys',
  account: 'Sign-up and sign-ins',
  notifications: 'Notifications',
  paper: 'Paper trading',
  other: 'Other',
};

const KEYS = ['category', 'strategyId', 'since', 'until'] as const;

/** The filters a URL names; a value that does not parse is ignored, not an error. */
export function filtersFromSearch(search: URLSearchParams): HistoryFilters {
  return HistoryFiltersSchema.parse(Object.fromEntries(KEYS.map((key) => [key, search.get(key) ?? undefined])));
}

/** The URL query of the filters: only those that are set. */
export function searchOfFilters(filters: HistoryFilters): Partial<Record<(typeof KEYS)[number], string>> {
  return Object.fromEntries(KEYS.flatMap((key) => (filters[key] === undefined ? [] : [[key, filters[key]]])));
}

/** True when nothing narrows the view. */
export function isUnfiltered(filters: HistoryFilters): boolean {
  return activeFilterCount(filters) === 0;
}

/** How many filters are on. */
export function activeFilterCount(filters: HistoryFilters): number {
  return KEYS.filter((key) => filters[key] !== undefined).length;
}

/** `GET /api/history` for one page of the filtered view, older than `before` when given. */
export function historyPath(filters: HistoryFilters, before?: number): string {
  const query: HistoryQuery = { limit: String(HISTORY_PAGE_SIZE), ...searchOfFilters(filters), ...(before === undefined ? {} : { before: String(before) }) };
  return `/api/history?${new URLSearchParams(query).toString()}`;
}

/** What a `datetime-local` input holds once complete: anything shorter is not yet a moment. */
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` input shows it: the trader's own clock, to the minute. */
export function localInputOf(iso: string | undefined): string {
  if (iso === undefined) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The moment a `datetime-local` input names, in UTC ISO form; undefined when empty or
 * incomplete. `endOfMinute` reaches to the minute's last millisecond, so "until 14:05" keeps
 * what happened during 14:05.
 */
export function isoOfLocalInput(value: string, endOfMinute = false): string | undefined {
  if (!LOCAL_INPUT.test(value)) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  if (endOfMinute) date.setSeconds(59, 999);
  return date.toISOString();
}
