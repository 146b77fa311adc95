import type { PositionView } from '@hyperhook/domain';
import { notional } from './positionMath';

/** The side filter's options, in order. */
export const SIDE_OPTIONS = [
  { value: 'all', label: 'All Sides' },
  { value: 'long', label: 'Long Only' },
  { value: 'short', label: 'Short Only' },
] as const;

/** The sort options, in order. */
export const SORT_OPTIONS = [
  { value: 'latest', label: 'Latest Update' },
  { value: 'pnl', label: 'Highest P&L' },
  { value: 'size', label: 'Largest Size' },
] as const;

export type SideFilter = (typeof SIDE_OPTIONS)[number]['value'];
export type PositionSort = (typeof SORT_OPTIONS)[number]['value'];

/** What the Positions tab's controls hold. */
export interface PositionFilters {
  readonly search: string;
  readonly side: SideFilter;
  readonly sort: PositionSort;
}

/** No search, All Sides, Latest Update. */
export const DEFAULT_POSITION_FILTERS: PositionFilters = { search: '', side: 'all', sort: 'latest' };

/** Reset Filters is only worth pressing when something differs from the defaults. */
export function isDefaultFilters(filters: PositionFilters): boolean {
  return filters.search.trim() === '' && filters.side === DEFAULT_POSITION_FILTERS.side && filters.sort === DEFAULT_POSITION_FILTERS.sort;
}

/** The search matches symbol or position id, case-insensitively, as a substring. */
export function matchesSearch(position: PositionView, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  return wanted === '' || position.symbol.toLowerCase().includes(wanted) || position.positionId.toLowerCase().includes(wanted);
}

/** The positions the search and the side filter keep. */
export function filterPositions(positions: readonly PositionView[], filters: Pick<PositionFilters, 'search' | 'side'>): PositionView[] {
  return positions.filter((p) => (filters.side === 'all' || p.side === filters.side) && matchesSearch(p, filters.search));
}

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? -Infinity : ms;
};

const byLatest = (a: PositionView, b: PositionView) => time(b.updatedAt) - time(a.updatedAt);

const COMPARE: Record<PositionSort, (a: PositionView, b: PositionView) => number> = {
  latest: byLatest,
  // Highest P&L is the unrealized P&L, Largest Size the notional.
  pnl: (a, b) => b.unrealizedPnl - a.unrealizedPnl,
  size: (a, b) => notional(b) - notional(a),
};

/**
 * The positions in the chosen order; ties fall back to the latest update
 * and then the symbol, so rows never swap places between two renders.
 */
export function sortPositions(positions: readonly PositionView[], sort: PositionSort): PositionView[] {
  return [...positions].sort((a, b) => COMPARE[sort](a, b) || byLatest(a, b) || a.symbol.localeCompare(b.symbol));
}

/** The rows the table shows: filtered, then sorted. */
export function visiblePositions(positions: readonly PositionView[], filters: PositionFilters): PositionView[] {
  return sortPositions(filterPositions(positions, filters), filters.sort);
}
