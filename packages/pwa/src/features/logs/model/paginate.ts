/** Logs per page. */
export const LOGS_PAGE_SIZE = 20;

/** One page of rows; `page` is clamped to the pages there are (a live update may shrink the list). */
export interface Page<T> {
  readonly rows: T[];
  readonly page: number;
  readonly pages: number;
}

/** The number of pages for `count` rows; at least 1, so an empty list is "page 1 of 1". */
export function pageCount(count: number, pageSize = LOGS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The rows of page `page` (1-based). */
export function paginate<T>(items: readonly T[], page: number, pageSize = LOGS_PAGE_SIZE): Page<T> {
  const pages = pageCount(items.length, pageSize);
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  return { rows: items.slice((current - 1) * pageSize, current * pageSize), page: current, pages };
}

/** The page (1-based) the row at `index` sits on. */
export function pageOfIndex(index: number, pageSize = LOGS_PAGE_SIZE): number {
  return Math.floor(Math.max(0, index) / pageSize) + 1;
}
