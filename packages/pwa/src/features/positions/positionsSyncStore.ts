import { create } from 'zustand';

/** The positions sync: idle, syncing, idle; and when it last succeeded, for whom. */
interface PositionsSyncState {
  readonly syncing: boolean;
  /** The last successful sync; kept with the user's id so another user never sees it. */
  readonly lastSync: { readonly uid: string; readonly at: string } | null;
  /** Starts a sync; false when one already runs (the second is ignored). */
  begin(): boolean;
  /** Ends the sync; `succeededAt` only when it succeeded (a failure keeps the last time). */
  end(result: { readonly uid: string; readonly succeededAt: string } | null): void;
}

export const usePositionsSyncStore = create<PositionsSyncState>()((set, get) => ({
  syncing: false,
  lastSync: null,
  begin: () => {
    if (get().syncing) return false;
    set({ syncing: true });
    return true;
  },
  end: (result) => set((state) => ({ syncing: false, lastSync: result === null ? state.lastSync : { uid: result.uid, at: result.succeededAt } })),
}));
