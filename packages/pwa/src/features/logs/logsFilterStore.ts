import { create } from 'zustand';
import { DEFAULT_LOG_FILTERS, type LogFilters } from './model/filterLogs';

/** "All strategies", or one strategy's id. */
export const ALL_STRATEGIES = 'all';

interface LogsFilterState extends LogFilters {
  /** The strategy the whole tab is narrowed to, cards included (issue 29); not one of the Reset Filters' filters. */
  readonly strategy: string;
  setStrategy(strategy: string): void;
  /** 1-based; clamped where it is shown. */
  readonly page: number;
  /** Logs whose details row is open. */
  readonly expanded: readonly string[];
  /** A log to bring into view once its row renders (a deep link), then cleared. */
  readonly revealId: string | null;
  /** STATE-23: any filter change returns to page 1. */
  setFilters(patch: Partial<LogFilters>): void;
  setPage(page: number): void;
  toggle(logId: string): void;
  /** Shows one log: filters (and strategy) and page that include it, its details open, scrolled to. */
  reveal(logId: string, filters: LogFilters & { strategy?: string }, page: number): void;
  revealed(): void;
  /** The defaults, page 1. */
  reset(): void;
}

/** The logs tab's view state: client state, kept while the user visits other tabs. */
export const useLogsFilterStore = create<LogsFilterState>()((set) => ({
  ...DEFAULT_LOG_FILTERS,
  strategy: ALL_STRATEGIES,
  page: 1,
  expanded: [],
  revealId: null,
  setStrategy: (strategy) => set({ strategy, page: 1 }),
  setFilters: (patch) => set({ ...patch, page: 1 }),
  setPage: (page) => set({ page }),
  toggle: (logId) => set((state) => ({ expanded: state.expanded.includes(logId) ? state.expanded.filter((id) => id !== logId) : [...state.expanded, logId] })),
  reveal: (logId, filters, page) =>
    set((state) => ({ ...filters, page, expanded: state.expanded.includes(logId) ? state.expanded : [...state.expanded, logId], revealId: logId })),
  revealed: () => set({ revealId: null }),
  reset: () => set({ ...DEFAULT_LOG_FILTERS, page: 1 }),
}));
