import { create } from 'zustand';

/** What the trading dialog shows: the kill switch (pause or resume), or the typed close-all confirmation. */
export type TradingDialogView = 'switch' | 'closeAll';

interface TradingDialogState {
  readonly view: TradingDialogView | null;
  open(view: TradingDialogView): void;
  close(): void;
}

/** The one trading dialog of the dashboard, opened from the header, the banner's neighbours or the Positions tab. */
export const useTradingDialogStore = create<TradingDialogState>()((set) => ({
  view: null,
  open: (view) => set({ view }),
  close: () => set({ view: null }),
}));
