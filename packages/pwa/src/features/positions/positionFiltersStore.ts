import { create } from 'zustand';
import { DEFAULT_POSITION_FILTERS, type PositionFilters } from './positionFilters';

interface PositionFiltersState extends PositionFilters {
  set(patch: Partial<PositionFilters>): void;
  /** Back to the defaults. */
  reset(): void;
}

/** The Positions tab's controls: client state, kept while the user visits other tabs. */
export const usePositionFiltersStore = create<PositionFiltersState>()((set) => ({
  ...DEFAULT_POSITION_FILTERS,
  set: (patch) => set(patch),
  reset: () => set(DEFAULT_POSITION_FILTERS),
}));
