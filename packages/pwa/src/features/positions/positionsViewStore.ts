import { create } from 'zustand';

/** Whose positions the tab lists: the strategy on screen's own share, or the whole account's. */
export type PositionsView = 'own' | 'account';

interface PositionsViewState {
  readonly view: PositionsView;
  show(view: PositionsView): void;
}

/**
 * The choice of the Positions tab's switch (issue 39): client state, kept while the trader visits
 * other tabs or switches strategy, so comparing strategies keeps the view they compare in.
 */
export const usePositionsViewStore = create<PositionsViewState>()((set) => ({
  view: 'own',
  show: (view) => set({ view }),
}));
