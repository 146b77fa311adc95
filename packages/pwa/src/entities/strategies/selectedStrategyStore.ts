import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** localStorage key of the strategy the trader last chose. */
export const SELECTED_STRATEGY_STORAGE_KEY = 'hyperhook-strategy';

interface SelectedStrategyState {
  /** The strategy the trader chose; null until they choose one (the first strategy is shown). */
  readonly selectedId: string | null;
  select(id: string): void;
}

/**
 * The strategy the dashboard shows (issue 29, point 6): client state, remembered on this device so
 * a reload or the installed app opens on the same one. A remembered strategy that is gone (deleted,
 * another account) falls back to the first, where it is read (useSelectedStrategy).
 */
export const useSelectedStrategyStore = create<SelectedStrategyState>()(
  persist(
    (set) => ({
      selectedId: null,
      select: (id) => set({ selectedId: id }),
    }),
    { name: SELECTED_STRATEGY_STORAGE_KEY, storage: createJSONStorage(() => localStorage), partialize: (state) => ({ selectedId: state.selectedId }) },
  ),
);
